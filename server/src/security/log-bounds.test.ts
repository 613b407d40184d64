import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { MSG } from "@shared/messages";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOG_LINE_MAX } from "../lib/log";
import { createTestApp, makeStudent, sessionHeaders, type TestContext } from "../test/app";
import { makeLargePdf, multipartFile } from "../test/pdf";

/**
 * Issue 28, item 7 (DESIGN.md §21, decision 0038): a failed upload once wrote the whole file
 * into the log, through the database error's parameters. The app's own log output is captured
 * here while a file insert fails in the database.
 */

const lines: string[] = [];
let t: TestContext;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({}, { logger: { level: "info", stream } });
  // The database refuses every new file, as a full disk or a broken constraint would.
  await t.database.db.execute(
    sql.raw(`create function refuse_files() returns trigger language plpgsql as $$
               begin raise exception 'files are refused in this test'; end $$`),
  );
  await t.database.db.execute(
    sql.raw(
      "create trigger refuse_files before insert on files for each row execute function refuse_files()",
    ),
  );
});
afterAll(async () => t?.close());

describe("a database error during a file insert", () => {
  it("is logged without the file's bytes or the statement's parameters, in lines of bounded size", async () => {
    const s = await makeStudent(t);
    const marker = `marker-${randomBytes(6).toString("hex")}`;
    // The marker is in the file's text and in its name: both are parameters of the insert.
    const pdf = makeLargePdf(2 * 1024 * 1024, marker);
    const part = multipartFile(pdf, `${marker}.pdf`);
    lines.length = 0;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/files",
      payload: part.payload,
      headers: { ...sessionHeaders(s), ...part.headers },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: "INTERNAL", message: MSG.serverError } });

    const logged = lines.map((line) => JSON.parse(line));
    const failure = logged.find((l) => l.msg === "unhandled error");
    expect(failure?.err).toMatchObject({ type: "DrizzleQueryError", cause: { code: "P0001" } });
    expect(failure.err.message).toContain("params: [not logged]");
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(LOG_LINE_MAX);
      expect(line).not.toContain(marker);
      expect(line).not.toContain('"params"');
      expect(line).not.toContain(s.id);
    }
  });
});
