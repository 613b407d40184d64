import type { LoggerOptions } from "pino";

/**
 * What a log line may hold (DESIGN.md §21, decision 0038): never query parameters, file bytes or
 * request bodies, and never more than LOG_LINE_MAX bytes, whoever logs it. Applied once, to the
 * logger the app builds; every logger of the app is a child of it.
 */

/** A log line is at most this long (bytes, with its newline). */
export const LOG_LINE_MAX = 8 * 1024;

const STRING_MAX = 1000;
const STACK_MAX = 2000;
const ARRAY_MAX = 20;
const KEYS_MAX = 30;
const DEPTH_MAX = 4;
/** Values one logged object may contribute in all (a wide or deep object is cut short). */
const NODES_MAX = 200;

/**
 * Keys dropped wherever they appear: the parameters of a statement (drizzle's and pg's errors
 * carry them: a file's bytes, a password hash, a person's details) and bodies as sent.
 */
const DROPPED = new Set(["params", "parameters", "values", "payload", "rawBody"]);
/**
 * Dropped from errors as well: an error's `body` is a request or answer body, and PostgreSQL's
 * `detail` repeats the row's values ("Key (email)=(…) already exists"). Outside errors `body`
 * stays: the outbox logs an email's text on purpose when no SMTP server is set.
 */
const DROPPED_IN_ERRORS = new Set([...DROPPED, "body", "detail"]);

interface Budget {
  nodes: number;
}

const cut = (s: string, max: number) =>
  s.length > max ? `${s.slice(0, max)}… [${s.length - max} more characters]` : s;

function isBinary(value: object): value is ArrayBufferView | ArrayBuffer {
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof SharedArrayBuffer;
}

function sanitize(value: unknown, depth: number, budget: Budget): unknown {
  if (--budget.nodes < 0) return "[cut]";
  switch (typeof value) {
    case "string":
      return cut(value, STRING_MAX);
    case "number":
    case "boolean":
      return value;
    case "bigint":
      return value.toString();
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
  }
  if (value === null) return null;
  const object = value as object;
  if (isBinary(object)) return `[${object.byteLength} bytes]`;
  if (object instanceof Error) return errorObject(object, depth, budget);
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? "Invalid Date" : object.toISOString();
  if (depth >= DEPTH_MAX) return Array.isArray(object) ? `[array of ${object.length}]` : "[object]";
  if (Array.isArray(object)) {
    const items = object.slice(0, ARRAY_MAX).map((v) => sanitize(v, depth + 1, budget));
    if (object.length > ARRAY_MAX) items.push(`[${object.length - ARRAY_MAX} more]`);
    return items;
  }
  return entries(object, DROPPED, depth, budget);
}

function entries(object: object, dropped: Set<string>, depth: number, budget: Budget) {
  const out: Record<string, unknown> = {};
  let kept = 0;
  for (const key of Object.keys(object)) {
    if (dropped.has(key)) continue;
    if (++kept > KEYS_MAX) {
      out["[more keys]"] = Object.keys(object).length - KEYS_MAX;
      break;
    }
    const v = sanitize((object as Record<string, unknown>)[key], depth + 1, budget);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * An error's own message, without what follows "params:" when the error carries its statement's
 * parameters (drizzle's DrizzleQueryError puts them in its message as well), and bounded.
 */
export function errorMessage(err: Error): string {
  let message = String(err.message);
  const at = message.indexOf("\nparams:");
  if (at >= 0 && "params" in err) message = `${message.slice(0, at)}\nparams: [not logged]`;
  return cut(message, STRING_MAX);
}

/** The stack's frames, without its first line (the message again, parameters and all). */
function frames(err: Error): string | undefined {
  const stack = err.stack;
  if (!stack) return undefined;
  const afterMessage = stack.indexOf(String(err.message));
  const rest = afterMessage >= 0 ? stack.slice(afterMessage + String(err.message).length) : stack;
  return cut(rest.replace(/^\s*\n/, ""), STACK_MAX);
}

function errorObject(err: Error, depth: number, budget: Budget): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? "Error",
    message: errorMessage(err),
    stack: frames(err),
  };
  Object.assign(out, entries(err, DROPPED_IN_ERRORS, depth, budget));
  // `cause` is not enumerable on errors made with `new Error(message, { cause })`.
  if (err.cause !== undefined && out.cause === undefined)
    out.cause = depth < DEPTH_MAX ? sanitize(err.cause, depth + 1, budget) : "[cause]";
  return out;
}

/** Query parameters whose values are secrets: a password link's token (its page and its check). */
const SECRET_QUERY = /([?&](?:token)=)[^&#]*/gi;

/** Path segments that are secrets: a private calendar feed's token (`/api/calendar/feed/{token}.ics`). */
const SECRET_PATH = /(\/calendar\/feed\/)[^/?#]*/gi;

/** An address as a log line may hold it: the values of secret query parameters and path segments replaced. */
export const loggedUrl = (url: string) =>
  url.replace(SECRET_QUERY, "$1[hidden]").replace(SECRET_PATH, "$1[hidden]");

/**
 * The `req` serializer: what Fastify logs of a request, its address without secrets (a password
 * link's token would otherwise reach the log with the link's page and its check).
 */
export function serializeRequest(req: {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: loggedUrl(req.url ?? ""),
    host: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The `err` serializer: an error with its cause, without parameters, bodies or bytes, bounded. */
export function serializeError(err: unknown): unknown {
  const budget = { nodes: NODES_MAX };
  return err instanceof Error ? errorObject(err, 0, budget) : sanitize(err, 0, budget);
}

/**
 * Every logged object, before it is written (pino's formatters.log): each value bounded as
 * above. Keys that have a serializer of their own (req, res, err) are left to it.
 */
export function boundLogObject(
  object: Record<string, unknown>,
  serialized: ReadonlySet<string>,
): Record<string, unknown> {
  const budget = { nodes: NODES_MAX };
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    if (DROPPED.has(key)) continue;
    out[key] = serialized.has(key) ? object[key] : sanitize(object[key], 0, budget);
  }
  return out;
}

/**
 * The last word on size (pino's hooks.streamWrite): a line still longer than LOG_LINE_MAX (a
 * long address in `req.url`, a long message) is replaced by a short one that says so, with its
 * level, time, message when short, and beginning.
 */
export function boundLine(line: string): string {
  if (line.length * 3 <= LOG_LINE_MAX || Buffer.byteLength(line) <= LOG_LINE_MAX) return line;
  const level = Number(/"level":(\d+)/.exec(line.slice(0, 200))?.[1] ?? 50);
  const time = Number(/"time":(\d+)/.exec(line.slice(0, 200))?.[1] ?? Date.now());
  const msg = /,"msg":("(?:[^"\\]|\\.){0,500}")}\s*$/.exec(line.slice(-600))?.[1];
  return `${JSON.stringify({
    level,
    time,
    msg: msg ? JSON.parse(msg) : undefined,
    logLineCut: `${Buffer.byteLength(line)} bytes, more than ${LOG_LINE_MAX}`,
    head: line.slice(0, 1000),
  })}\n`;
}

/**
 * The app's logger options: the caller's (a level, a destination stream in tests) with the
 * bounds above. `false` stays off.
 */
export function boundedLoggerOptions<T extends LoggerOptions>(options: boolean | T): false | T {
  if (options === false) return false;
  const base = (options === true ? {} : options) as T;
  const serialized = new Set(["req", "res", "err", ...Object.keys(base.serializers ?? {})]);
  return {
    ...base,
    serializers: { req: serializeRequest, ...base.serializers, err: serializeError },
    formatters: { ...base.formatters, log: (object) => boundLogObject(object, serialized) },
    hooks: {
      ...base.hooks,
      logMethod(args, method) {
        // Without a message of its own, pino would write the error's message: drizzle's holds
        // the parameters. Messages are bounded like any other string.
        const [first] = args as unknown[];
        const err = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
        if (args.length === 1 && err instanceof Error)
          return method.apply(this, [first as object, errorMessage(err)]);
        return method.apply(
          this,
          args.map((a) => (typeof a === "string" ? cut(a, STRING_MAX) : a)) as Parameters<typeof method>,
        );
      },
      streamWrite: boundLine,
    },
  };
}
