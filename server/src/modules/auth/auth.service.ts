import { MSG } from "@shared/messages";
import { emailDomainAllowed } from "@shared/schemas/accounts";
import type { LoginInput, RegisterInput } from "@shared/schemas/auth";
import { isAPIError } from "better-auth/api";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { clientAddress } from "../../lib/client-address";
import { AppError, fieldError, pgErrorCode, RateLimitError } from "../../lib/errors";
import { giveBack, type Limit, reset, take } from "../../lib/rate-limit";
import { type Auth, authHeaders } from "../../plugins/auth";
import { createAccount, recordOwnAccount } from "../accounts/accounts.service";

/**
 * Login limits (DESIGN.md §13), each taken before the password is checked, so simultaneous
 * attempts cannot slip past one (lib/rate-limit.ts); a right password gives its attempts back, so
 * only failures count.
 * - One account from one address: a few tries a minute. Nobody can lock someone else out, since
 *   another address has its own count.
 * - One account from anywhere, looser: past it, an address is checked only on its first try in
 *   its window, which slows guessing from many addresses but never refuses the right password
 *   from an address that has not been failing.
 * - One address, whatever the accounts: generous, so a classroom behind one NAT never meets it.
 */
export const LOGIN_LIMITS = {
  perAddress: 5,
  perAddressWindow: 60,
  perAccount: 20,
  perAccountWindow: 600,
  perIp: 100,
  perIpWindow: 300,
};

function loginLimits(ip: string, email: string) {
  return {
    address: {
      key: `login:acct:${email}:ip:${ip}`,
      max: LOGIN_LIMITS.perAddress,
      windowSeconds: LOGIN_LIMITS.perAddressWindow,
    },
    account: {
      key: `login:acct:${email}`,
      max: LOGIN_LIMITS.perAccount,
      windowSeconds: LOGIN_LIMITS.perAccountWindow,
    },
    ip: { key: `login:ip:${ip}`, max: LOGIN_LIMITS.perIp, windowSeconds: LOGIN_LIMITS.perIpWindow },
  } satisfies Record<string, Limit>;
}

/**
 * Registrations per address: an attacker cannot make accounts (an argon2 hash each) without end,
 * and a classroom behind one NAT (50 in a minute) never meets it.
 */
export const REGISTER_LIMIT = { max: 60, windowSeconds: 60 };

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
  const limits = loginLimits(clientAddress(request), input.email);
  const address = await take(db, limits.address);
  if (!address.allowed) throw new RateLimitError(MSG.tooManyLogins, address.retryAfter);
  const ip = await take(db, limits.ip);
  if (!ip.allowed) throw new RateLimitError(MSG.tooManyLogins, ip.retryAfter);
  const account = await take(db, limits.account);
  if (!account.allowed && address.count > 1) throw new RateLimitError(MSG.tooManyLogins, account.retryAfter);
  try {
    const signedIn = await signIn(auth, request, input.email, input.password);
    await reset(db, [limits.address.key]);
    await giveBack(db, [limits.ip, limits.account]);
    return signedIn;
  } catch (err) {
    if (isDeactivated(err)) {
      // The right password: nothing to count against the address.
      await giveBack(db, [limits.address, limits.ip, limits.account]);
      throw new AppError(403, "FORBIDDEN", MSG.accountDeactivated);
    }
    if (isAPIError(err) && err.statusCode < 500) throw new AppError(401, "UNAUTHENTICATED", MSG.invalidLogin);
    // Not a wrong password: nothing was tried, so nothing counts.
    await giveBack(db, [limits.address, limits.ip, limits.account]);
    throw err;
  }
}

/**
 * A session refused to a deactivated account: by the session hook (plugins/auth.ts), or, when a
 * deactivation raced the sign-in, by the database's trigger (SQLSTATE TD001, migration 0016).
 */
export const isDeactivated = (err: unknown) =>
  (isAPIError(err) && err.body?.code === "account_deactivated") || pgErrorCode(err) === "TD001";

export async function register(
  db: Db,
  auth: Auth,
  request: FastifyRequest,
  input: Required<RegisterInput>,
  allowedEmailDomains: readonly string[],
  at: Date,
) {
  if (!emailDomainAllowed(input.email, allowedEmailDomains))
    throw fieldError("email", MSG.domainNotAllowed(allowedEmailDomains));
  const attempt = await take(db, { key: `register:ip:${clientAddress(request)}`, ...REGISTER_LIMIT });
  if (!attempt.allowed) throw new RateLimitError(MSG.tooManyRegistrations, attempt.retryAfter);
  await createAccount(db, { ...input, role: "student" }, (tx, user) =>
    recordOwnAccount(tx, user, "register", at, "Student"),
  );
  return signIn(auth, request, input.email, input.password);
}

export async function logout(auth: Auth, request: FastifyRequest): Promise<string[]> {
  const result = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
  return result.headers.getSetCookie();
}

export { signIn };
