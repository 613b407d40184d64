import { SIGN_IN_MSG } from "@shared/sign-in-messages";

/**
 * Why a page left the signed-in screens for the login page without the person signing out there
 * (decision 0054): the `?reason=` of /login, and its words. Only these codes are ever shown, so
 * an address cannot put words of its own on the login page.
 */
export const SESSION_END_REASONS = {
  /** The server said the session this browser held has ended (expired, revoked, deactivated). */
  "session-ended": SIGN_IN_MSG.sessionEnded,
  /** The browser sent no session any more (its cookie expired, or another tab logged out). */
  "signed-out": SIGN_IN_MSG.signedOutElsewhere,
} as const;
export type SessionEndReason = keyof typeof SESSION_END_REASONS;

/** The words of a `?reason=` code, or null for none or an unknown one. */
export const sessionEndMessage = (code: string | null): string | null =>
  code && Object.hasOwn(SESSION_END_REASONS, code) ? SESSION_END_REASONS[code as SessionEndReason] : null;

let ended: SessionEndReason | null = null;

/** Why this page's session ended, if it did, until someone signs in again. */
export const sessionEndReason = () => ended;

/** Notes why the session ended (null: someone signed in). Read by the guard that sends to /login. */
export function noteSessionEnd(reason: SessionEndReason | null) {
  ended = reason;
}
