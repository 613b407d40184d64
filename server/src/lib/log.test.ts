import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import {
  boundedLoggerOptions,
  boundLine,
  boundLogObject,
  LOG_LINE_MAX,
  loggedUrl,
  serializeError,
  serializeRequest,
} from "./log";

/** Decision 0038: what a log line may hold, whatever logs it. */

const SECRET = "secret-parameter-5f1c";
const file = Buffer.concat([Buffer.from(`%PDF-1.4 ${SECRET} `), Buffer.alloc(5 * 1024 * 1024, 0x41)]);

/** A failed insert as drizzle reports it: the statement, its parameters (in its message too), pg's error. */
function failedInsert() {
  const pgError = Object.assign(new Error("files are refused in this test"), {
    code: "P0001",
    severity: "ERROR",
    detail: `Key (name)=(${SECRET}) already exists.`,
    routine: "exec_stmt_raise",
  });
  return new DrizzleQueryError(
    'insert into "files" ("owner_id", "name", "bytes") values ($1, $2, $3) returning "id"',
    ["0b6d5f3e-0000-4000-8000-000000000000", `${SECRET}.pdf`, file],
    pgError,
  );
}

/** A pino logger with the app's bounds, writing its lines into `lines`. */
function capture(level = "info") {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const options = boundedLoggerOptions({ level });
  if (!options) throw new Error("logging is on");
  return { log: pino(options, stream), lines };
}

describe("serializeError", () => {
  it("keeps what tells the error apart, drops the parameters wherever they are, and stays small", () => {
    const out = serializeError(failedInsert()) as Record<string, unknown>;
    const json = JSON.stringify(out);
    expect(json).not.toContain(SECRET);
    expect(json.length).toBeLessThan(LOG_LINE_MAX);
    expect(out).not.toHaveProperty("params");
    expect(out.type).toBe("DrizzleQueryError");
    expect(out.message).toBe(
      'Failed query: insert into "files" ("owner_id", "name", "bytes") values ($1, $2, $3) returning "id"\nparams: [not logged]',
    );
    expect(out.query).toContain('insert into "files"');
    expect(String(out.stack)).toMatch(/^\s+at /);
    expect(out.cause).toMatchObject({ message: "files are refused in this test", code: "P0001" });
    expect(out.cause).not.toHaveProperty("detail");
  });
});

describe("boundLogObject", () => {
  it("replaces bytes by their size, drops parameters, cuts long strings, wide arrays and deep objects", () => {
    const out = boundLogObject(
      {
        file,
        nested: { query: { params: [SECRET] }, deep: { a: { b: { c: { d: { e: SECRET } } } } } },
        text: `${"x".repeat(100_000)}${SECRET}`,
        list: Array.from({ length: 1000 }, (_, i) => i),
        req: { kept: "for its own serializer" },
      },
      new Set(["req"]),
    );
    expect(out.file).toBe(`[${file.length} bytes]`);
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(String(out.text).length).toBeLessThan(1100);
    expect(out.list).toHaveLength(21);
    expect(out.req).toEqual({ kept: "for its own serializer" });
  });
});

describe("boundLine", () => {
  it("leaves a short line alone and replaces a long one by a short JSON line that says so", () => {
    const short = '{"level":30,"time":1,"msg":"fine"}\n';
    expect(boundLine(short)).toBe(short);
    const long = `{"level":50,"time":1700000000000,"reqId":"r1","req":{"url":"/api/x?${"q".repeat(50_000)}"},"msg":"unhandled error"}\n`;
    const bounded = boundLine(long);
    expect(Buffer.byteLength(bounded)).toBeLessThanOrEqual(LOG_LINE_MAX);
    expect(JSON.parse(bounded)).toMatchObject({ level: 50, time: 1700000000000, msg: "unhandled error" });
  });
});

describe("the app's logger options", () => {
  it("every way of logging a failed statement writes one bounded line without its parameters", () => {
    const { log, lines } = capture();
    const err = failedInsert();
    log.error({ err }, "unhandled error");
    log.error(err);
    log.warn({ error: err, file, values: [SECRET] }, "something else");
    log.info(`a message quoting a body ${"y".repeat(LOG_LINE_MAX * 2)}`);
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(LOG_LINE_MAX);
      expect(line).not.toContain(SECRET);
      expect(() => JSON.parse(line)).not.toThrow();
    }
    expect(JSON.parse(lines[1]).msg).toContain("params: [not logged]");
  });

  it("stays off when logging is off", () => {
    expect(boundedLoggerOptions(false)).toBe(false);
  });
});

describe("a request's address in the log", () => {
  it("hides a password link's token, in its page's address and in its check, and keeps the rest", () => {
    expect(loggedUrl("/reset-password?token=abcDEF123_-x")).toBe("/reset-password?token=[hidden]");
    expect(loggedUrl("/api/auth/reset-password?x=1&TOKEN=s3cret#top")).toBe(
      "/api/auth/reset-password?x=1&TOKEN=[hidden]#top",
    );
    expect(loggedUrl("/api/proposals?status=Pending&page=2")).toBe("/api/proposals?status=Pending&page=2");
    const req = serializeRequest({
      method: "GET",
      url: "/reset-password?token=abc",
      hostname: "h",
      ip: "1.2.3.4",
    });
    expect(JSON.stringify(req)).not.toContain("abc");
    expect(req).toMatchObject({
      method: "GET",
      url: "/reset-password?token=[hidden]",
      remoteAddress: "1.2.3.4",
    });
  });
});
