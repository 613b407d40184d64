import { MSG } from "@shared/messages";
import type { LoginInput, RegisterInput } from "@shared/schemas/auth";
import { isAPIError } from "better-auth/api";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { AppError, RateLimitError } from "../../lib/errors";
import { blockedFor, hit, type Limit, reset } from "../../lib/rate-limit";
import { type Auth, authHeaders } from "../../plugins/auth";
import { createAccount } from "../accounts/accounts.service";

/**
 * Failed logins only are counted. Per account: a few guesses a minute. Per IP: generous,
 * so a classroom behind one campus NAT never locks itself out.
 */
export const LOGIN_LIMITS = { perAccount: 5, perAccountWindow: 60, perIp: 100, perIpWindow: 300 };

function loginLimits(ip: string, email: string): Limit[] {
  return [
    {
      key: `login:acct:${email}`,
      max: LOGIN_LIMITS.perAccount,
      windowSeconds: LOGIN_LIMITS.perAccountWindow,
    },
    { key: `login:ip:${ip}`, max: LOGIN_LIMITS.perIp, windowSeconds: LOGIN_LIMITS.perIpWindow },
  ];
}

export interface SignedIn {
  userId: string;
  setCookie: string[];
}

async function signIn(
  auth: Auth,
  request: FastifyRequest,
  email: string,
  password: string,
): Promise<SignedIn> {
  const result = await auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers: authHeaders(request),
    returnHeaders: true,
  });
  return { userId: result.response.user.id, setCookie: result.headers.getSetCookie() };
}

export async function login(
  db: Db,
  auth: Auth,
  request: FastifyRequest,
  input: Required<LoginInput>,
): Promise<SignedIn> {
  const limits = loginLimits(request.ip, input.email);
  const wait = await blockedFor(db, limits);
  if (wait > 0) throw new RateLimitError(MSG.tooManyLogins, wait);
  try {
    const signedIn = await signIn(auth, request, input.email, input.password);
    await reset(db, [limits[0].key]);
    return signedIn;
  } catch (err) {
    if (isAPIError(err) && err.statusCode < 500) {
      await hit(db, limits);
      throw new AppError(401, "UNAUTHENTICATED", MSG.invalidLogin);
    }
    throw err;
  }
}

export async function register(db: Db, auth: Auth, request: FastifyRequest, input: Required<RegisterInput>) {
  await createAccount(db, { ...input, role: "student" });
  return signIn(auth, request, input.email, input.password);
}

export async function logout(auth: Auth, request: FastifyRequest): Promise<string[]> {
  const result = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
  return result.headers.getSetCookie();
}

export { signIn };
