import { MSG } from "@shared/messages";

export type ErrorCode =
  | "VALIDATION"
  | "UNAUTHENTICATED"
  | "SESSION_ENDED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "RATE_LIMITED"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL";

/** An error meant for the client: its message is shown to people as it is. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, "VALIDATION", message, fields);
  }
}
/** A message that belongs to one field: the field is named and the message is the error's. */
export const fieldError = (field: string, message: string) =>
  new ValidationError(message, { [field]: message });

export class UnauthenticatedError extends AppError {
  constructor(message = "Please log in to continue.") {
    super(401, "UNAUTHENTICATED", message);
  }
}
/**
 * Signed out because the session this browser held ended (it expired, was revoked by a new
 * password or a deactivation, or never existed): decision 0054. Which of these is not said.
 */
export class SessionEndedError extends AppError {
  constructor() {
    super(401, "SESSION_ENDED", MSG.sessionEnded);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = "You do not have permission to do that.") {
    super(403, "FORBIDDEN", message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = "Not found.") {
    super(404, "NOT_FOUND", message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, "CONFLICT", message, fields);
  }
}
export class RateLimitError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, "RATE_LIMITED", message, undefined, { "retry-after": String(retryAfterSeconds) });
  }
}

/** PostgreSQL error codes that the services turn into client errors. */
export const PG = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  /** ON DELETE RESTRICT (newer PostgreSQL, and PGlite, answer this rather than 23503). */
  restrictViolation: "23001",
  /** An exclusion constraint: two overlapping defenses of one room or person (decision 0073). */
  exclusionViolation: "23P01",
  /** statement_timeout (STATEMENT_TIMEOUT_MS) ended the statement. */
  queryCanceled: "57014",
} as const;

export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  // Drizzle wraps driver errors; the driver's error is the cause.
  for (let i = 0; i < 3 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * What a unique name (or title) refuses: the unique index decides, so two simultaneous writes
 * cannot both win. A unique violation becomes 409 with `message` at `field`; anything else is rethrown.
 */
export const uniqueConflict =
  (field: string, message: string) =>
  (err: unknown): never => {
    if (pgErrorCode(err) === PG.uniqueViolation) throw new ConflictError(message, { [field]: message });
    throw err;
  };

export function pgConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === "object"; i++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === "string") return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);

/** True when the error means the database could not be reached (not that a query was wrong). */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    const message = String((e as { message?: unknown }).message ?? "");
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || /^(08|57P)/.test(code))) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|connection is closed/i.test(
        message,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
