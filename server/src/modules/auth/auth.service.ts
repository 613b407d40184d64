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
import type { LoginDevices } from "./login-devices";

/**
 * Login limits (DESIGN.md §13, decisions 0004 and 0040), each taken before the password is
 * checked, so simultaneous attempts cannot slip past one (lib/rate-limit.ts); a right password
 * gives its attempts back, so only failures count.
 * - From a device the account has signed in on (its device cookie, login-devices.ts): only that
 *   device's own count, a few tries a minute. Nobody else's failures, from any address, touch it.
 * - From any other device:
 *   - one account from one address: a few tries a minute. Nobody can lock someone else out,
 *     since another address has its own count;
 *   - one address, whatever the accounts: generous, so a classroom behind one NAT never meets it;
 *   - one account from every unknown device together: a strict budget, whatever the addresses, so
 *     guesses from many addresses (IPv6, a botnet) stay bounded. Past it the person is told to
 *     use a device they have signed in on, wait, or choose "Forgot password?".
 */
export const LOGIN_LIMITS = {
  perDevice: 5,
  perDeviceWindow: 60,
  perAddress: 5,
  perAddressWindow: 60,
  perIp: 100,
  perIpWindow: 300,
  perAccount: 10,
  perAccountWindow: 600,
};

interface LoginLimit extends Limit {
  /** What a refused attempt is told, given the seconds until it may try again. */
  message: (retryAfter: number) => string;
}

const waitAMinute = () => MSG.tooManyLogins;

/** The limits an attempt takes, in order; the first is the one a right password clears. */
function loginLimits(address: string, email: string, device: string | null): LoginLimit[] {
  const L = LOGIN_LIMITS;
  if (device)
    return [
      {
        key: `login:acct:${email}:device:${device}`,
        max: L.perDevice,
        windowSeconds: L.perDeviceWindow,
        message: waitAMinute,
      },
    ];
  return [
    {
      key: `login:acct:${email}:ip:${address}`,
      max: L.perAddress,
      windowSeconds: L.perAddressWindow,
      message: waitAMinute,
    },
    { key: `login:ip:${address}`, max: L.perIp, windowSeconds: L.perIpWindow, message: waitAMinute },
    {
      key: `login:acct:${email}`,
      max: L.perAccount,
      windowSeconds: L.perAccountWindow,
      message: (retryAfter) => MSG.tooManyLoginsForAccount(Math.ceil(retryAfter / 60)),
    },
  ];
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
  devices: LoginDevices,
  request: FastifyRequest,
  input: Required<LoginInput>,
): Promise<SignedIn> {
  const limits = loginLimits(clientAddress(request), input.email, devices.known(request, input.email));
  const taken: Limit[] = [];
  for (const limit of limits) {
    const attempt = await take(db, limit);
    taken.push(limit);
    if (!attempt.allowed) throw new RateLimitError(limit.message(attempt.retryAfter), attempt.retryAfter);
  }
  try {
    const signedIn = await signIn(auth, request, input.email, input.password);
    await reset(db, [limits[0].key]);
    await giveBack(db, limits.slice(1));
    return { ...signedIn, setCookie: [...signedIn.setCookie, devices.remember(request, input.email)] };
  } catch (err) {
    if (isDeactivated(err)) {
      // The right password: nothing to count against the address.
      await giveBack(db, taken);
      throw new AppError(403, "FORBIDDEN", MSG.accountDeactivated);
    }
    if (isAPIError(err) && err.statusCode < 500) throw new AppError(401, "UNAUTHENTICATED", MSG.invalidLogin);
    // Not a wrong password: nothing was tried, so nothing counts.
    await giveBack(db, taken);
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
  devices: LoginDevices,
  request: FastifyRequest,
  input: Required<RegisterInput>,
  allowedEmailDomains: readonly string[],
  at: Date,
) {
  if (!emailDomainAllowed(input.email, allowedEmailDomains))
    throw fieldError("email", MSG.domainNotAllowed(allowedEmailDomains));
  const attempt = await take(db, { key: `register:ip:${clientAddress(request)}`, ...REGISTER_LIMIT });
  if (!attempt.allowed) throw new RateLimitError(MSG.tooManyRegistrations, attempt.retryAfter);
  await createAccount(db, { ...input, role: "student", selfRegistered: true }, (tx, user) =>
    recordOwnAccount(tx, user, "register", at, "Student"),
  );
  const signedIn = await signIn(auth, request, input.email, input.password);
  return { ...signedIn, setCookie: [...signedIn.setCookie, devices.remember(request, input.email)] };
}

export async function logout(auth: Auth, request: FastifyRequest): Promise<string[]> {
  const result = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
  return result.headers.getSetCookie();
}

export { signIn };
