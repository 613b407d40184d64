import { MSG } from "@shared/messages";
import type { ForgotPasswordInput, ResetPasswordInput } from "@shared/schemas/accounts";
import { isAPIError } from "better-auth/api";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import type { BackgroundTasks } from "../../lib/background";
import { clientAddress } from "../../lib/client-address";
import { AppError, fieldError, RateLimitError } from "../../lib/errors";
import { take } from "../../lib/rate-limit";
import { type Auth, authHeaders } from "../../plugins/auth";
import { findUserById, markEmailVerified } from "../accounts/accounts.repository";
import { deleteResetTokens, tokenUser } from "../accounts/reset-tokens.repository";
import { revokeFeedToken } from "../calendar/calendar.repository";
import { isDeactivated, type SignedIn, signIn } from "./auth.service";
import type { LoginDevices } from "./login-devices";

/**
 * Forgot-password limits (DESIGN.md §12, §13), taken atomically before anything else:
 * - per address: past it, 429, whatever the emails asked for;
 * - per account (the email as typed, whether or not an account has it): past it the answer is the
 *   same 200 and no email goes, so nobody can fill someone's inbox and nothing tells an account
 *   that exists from one that does not.
 */
export const FORGOT_LIMITS = {
  perAddress: { max: 30, windowSeconds: 600 },
  perAccount: { max: 3, windowSeconds: 900 },
};

/**
 * POST /api/auth/forgot-password. The answer is the same for every email and leaves before any
 * work that depends on the account: the two counters are the same statements for everyone, and
 * better-auth's requestPasswordReset (which finds the account, makes the token and calls our
 * sendResetPassword to write the email) runs in the background. Decision 0030.
 */
export async function forgotPassword(
  deps: { db: Db; auth: Auth; background: BackgroundTasks },
  request: FastifyRequest,
  input: Required<ForgotPasswordInput>,
) {
  const address = await take(deps.db, {
    key: `forgot:ip:${clientAddress(request)}`,
    ...FORGOT_LIMITS.perAddress,
  });
  if (!address.allowed) throw new RateLimitError(MSG.tooManyResetRequests, address.retryAfter);
  const account = await take(deps.db, { key: `forgot:acct:${input.email}`, ...FORGOT_LIMITS.perAccount });
  if (account.allowed) {
    const headers = authHeaders(request);
    deps.background.run("forgot-password", () =>
      deps.auth.api.requestPasswordReset({ body: { email: input.email }, headers }),
    );
  } else request.log.info("forgot-password: per-account limit reached; no email sent");
  return { ok: true as const, message: MSG.forgotPasswordSent };
}

/** Checks of a password link per address, as many as forgot-password's requests (DESIGN.md §12, §13). */
export const RESET_CHECK_LIMIT = FORGOT_LIMITS.perAddress;

/**
 * GET /api/auth/reset-password?token=: whether a link can still be used (stored, not used, not
 * expired, not revoked), so its page says so when it opens rather than after the form is sent.
 * It answers that and nothing else (not whose link it is, nor whether the account is active: the
 * POST still says that), consumes nothing, and is limited per address like its siblings, so it
 * is no faster a way to guess tokens than the reset itself.
 */
export async function checkResetToken(
  deps: { db: Db; now: () => Date },
  request: FastifyRequest,
  token: string,
): Promise<{ valid: boolean }> {
  const address = await take(deps.db, {
    key: `reset-check:ip:${clientAddress(request)}`,
    ...RESET_CHECK_LIMIT,
  });
  if (!address.allowed) throw new RateLimitError(MSG.tooManyResetChecks, address.retryAfter);
  return { valid: (await tokenUser(deps.db, token, deps.now())) !== undefined };
}

/**
 * POST /api/auth/reset-password: better-auth's resetPassword consumes the token (once, race-safe),
 * sets the password and ends every session of the account; then the other links still out are
 * dropped, the email counts as verified (the link reached it), and the person is signed in.
 */
export async function resetPassword(
  deps: { db: Db; auth: Auth; devices: LoginDevices; now: () => Date },
  request: FastifyRequest,
  input: Required<ResetPasswordInput>,
): Promise<SignedIn> {
  const invalid = () => fieldError("token", MSG.resetTokenInvalid);
  const userId = await tokenUser(deps.db, input.token, deps.now());
  if (!userId) throw invalid();
  const user = await findUserById(deps.db, userId);
  if (!user) throw invalid();
  if (user.deactivatedAt) throw fieldError("token", MSG.accountDeactivated);
  try {
    await deps.auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (err) {
    // Used by a simultaneous request, or expired a moment ago.
    if (isAPIError(err) && err.statusCode < 500) throw invalid();
    throw err;
  }
  await deleteResetTokens(deps.db, userId);
  // A password reset ends every way into the account, the calendar feed's token as well (§18).
  await revokeFeedToken(deps.db, userId);
  await markEmailVerified(deps.db, userId);
  try {
    const signedIn = await signIn(deps.auth, request, user.email, input.newPassword);
    // The link reached the person: this browser is one of their devices from now on (decision 0040).
    return { ...signedIn, setCookie: [...signedIn.setCookie, deps.devices.remember(request, user.email)] };
  } catch (err) {
    // Deactivated between the check and the sign-in: the password is set, the session refused.
    if (isDeactivated(err)) throw new AppError(403, "FORBIDDEN", MSG.accountDeactivated);
    throw err;
  }
}
