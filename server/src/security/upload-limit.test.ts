import { MSG } from "@shared/messages";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../db/query";
import { UPLOAD_LIMIT } from "../modules/files/upload-limit";
import { createTestApp, makeStudent, sessionHeaders, type TestContext, type TestUser } from "../test/app";
import { makePdf, multipartFile } from "../test/pdf";

/**
 * Issue 28, item 1 (DESIGN.md §21): uploads are limited per user, documents and pictures
 * together, atomically: of simultaneous uploads exactly the limit go through.
 */

let t: TestContext;
beforeAll(async () => {
  // Room for every upload the limit lets through to wait for the checking worker.
  t = await createTestApp({ uploadWorkers: 1, uploadQueueMax: UPLOAD_LIMIT.max + 10 });
});
afterAll(async () => t?.close());

const uploadDocument = (user: TestUser, i: number) => {
  const part = multipartFile(makePdf([`Upload ${i}`]), `upload-${i}.pdf`);
  return t.app.inject({
    method: "POST",
    url: "/api/files",
    payload: part.payload,
    headers: { ...sessionHeaders(user), ...part.headers },
  });
};
const filesOf = async (user: TestUser) =>
  (
    await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from files where owner_id = ${user.id}`,
    )
  )[0].n;

describe("uploads per user", () => {
  it(`of ${UPLOAD_LIMIT.max + 5} simultaneous uploads by one student exactly ${UPLOAD_LIMIT.max} are kept; the rest get 429 with Retry-After`, async () => {
    const [s, other] = await Promise.all([makeStudent(t), makeStudent(t)]);
    const answers = await Promise.all(
      Array.from({ length: UPLOAD_LIMIT.max + 5 }, (_, i) => uploadDocument(s, i)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((c) => c === 201)).toHaveLength(UPLOAD_LIMIT.max);
    expect(statuses.filter((c) => c === 429)).toHaveLength(5);
    for (const refused of answers.filter((r) => r.statusCode === 429)) {
      expect(refused.json()).toEqual({ error: { code: "RATE_LIMITED", message: MSG.tooManyUploads } });
      const retryAfter = Number(refused.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(UPLOAD_LIMIT.windowSeconds);
    }
    expect(await filesOf(s)).toBe(UPLOAD_LIMIT.max);
    // Someone else's uploads are not counted against them.
    expect((await uploadDocument(other, 0)).statusCode).toBe(201);
  });

  it("a profile picture counts against the same limit", async () => {
    const s = await makeStudent(t);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
    const picture = () => {
      const part = multipartFile(png, "me.png", "image/png");
      return t.app.inject({
        method: "PUT",
        url: "/api/me/picture",
        payload: part.payload,
        headers: { ...sessionHeaders(s), ...part.headers },
      });
    };
    expect((await picture()).statusCode).toBe(200);
    for (let i = 1; i < UPLOAD_LIMIT.max; i++) expect((await uploadDocument(s, i)).statusCode).toBe(201);
    const refused = await picture();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(MSG.tooManyUploads);
    expect((await uploadDocument(s, UPLOAD_LIMIT.max)).statusCode).toBe(429);
  });
});
