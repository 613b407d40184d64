import { createHash } from "node:crypto";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { DOCUMENT_MSG } from "@shared/schemas/files";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../db/query";
import { createTestApp, makeStudent, sessionHeaders, type TestContext, type TestUser } from "../test/app";
import { manyPagesPdf, objectStreamBomb } from "../test/hostile-pdf";
import { makeLargePdf, makePdf, multipartFile } from "../test/pdf";

/**
 * Issue 28, item 1 (DESIGN.md §21): an upload — valid, broken or hostile — never holds the main
 * thread. Each hostile file is refused with the document error shape, nothing is kept, and a
 * health check asked while the file is being checked answers before the upload does.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ uploadWorkers: 1, uploadQueueMax: 16 });
});
afterAll(async () => t?.close());

const upload = (app: TestContext, user: TestUser, bytes: Buffer, name = "proposal.pdf") => {
  const part = multipartFile(bytes, name);
  return app.app.inject({
    method: "POST",
    url: "/api/files",
    payload: part.payload,
    headers: { ...sessionHeaders(user), ...part.headers },
  });
};
const fileCount = async () =>
  (await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from files`))[0].n;

/** Turns of the event loop until `ready()`; fails if `settled` came first. */
async function until(ready: () => boolean, settled: () => boolean) {
  while (!ready()) {
    if (settled()) throw new Error("the upload was answered before its check was seen running");
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * Uploads `bytes` and, once its check is running in a worker, asks GET /api/health. Answers the
 * order in which the two were answered and both answers.
 */
async function uploadWhileCheckingHealth(user: TestUser, bytes: Buffer) {
  const order: string[] = [];
  let settled = false;
  const uploading = upload(t, user, bytes).then((res) => {
    settled = true;
    order.push("upload");
    return res;
  });
  await until(
    () => t.app.pdfChecker.pending > 0,
    () => settled,
  );
  const health = await t.app.inject({ method: "GET", url: "/api/health" });
  order.push("health");
  return { order, health, res: await uploading };
}

const expectRefused = (res: LightMyRequestResponse, status: number, message: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({
    error: {
      code: status === 413 ? "PAYLOAD_TOO_LARGE" : "VALIDATION",
      message,
      fields: { file: message },
    },
  });
};

describe("hostile PDFs are refused off the main thread", () => {
  it("an object stream that inflates to 400 MiB (and a copy broken at its end): 400, nothing kept, the health check answers meanwhile", async () => {
    const s = await makeStudent(t);
    const before = await fileCount();
    for (const bomb of [objectStreamBomb(400), objectStreamBomb(400, true)]) {
      const { order, health, res } = await uploadWhileCheckingHealth(s, bomb);
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: "ok", database: "up" });
      expect(order).toEqual(["health", "upload"]);
      expectRefused(res, 400, DOCUMENT_MSG.tooComplex);
    }
    expect(await fileCount()).toBe(before);
  });

  it("a PDF of very many pages: 413 naming the limit, nothing kept, the health check answers meanwhile", async () => {
    const s = await makeStudent(t);
    const before = await fileCount();
    const { order, health, res } = await uploadWhileCheckingHealth(s, manyPagesPdf(20_000));
    expect(health.statusCode).toBe(200);
    expect(order).toEqual(["health", "upload"]);
    expectRefused(res, 413, DOCUMENT_MSG.tooManyPages);
    expect(DOCUMENT_MSG.tooManyPages).toContain(LIMITS.documentPagesMax.toLocaleString("en"));
    expect(await fileCount()).toBe(before);
  });

  it("valid PDFs are still kept, byte for byte, with their SHA-256: a small one, one of 19 MB, and one at the page limit", async () => {
    const s = await makeStudent(t);
    for (const pdf of [
      makePdf(["Still accepted"]),
      makeLargePdf(19 * 1024 * 1024),
      manyPagesPdf(LIMITS.documentPagesMax),
    ]) {
      const res = await upload(t, s, pdf);
      expect(res.statusCode).toBe(201);
      expect(res.json().size).toBe(pdf.length);
      const [row] = await selectRows<{ sha256: string; bytes: Uint8Array }>(
        t.database.db,
        sql`select sha256, bytes from files where id = ${res.json().id}`,
      );
      expect(row.sha256).toBe(createHash("sha256").update(pdf).digest("hex"));
      expect(Buffer.from(row.bytes).equals(pdf)).toBe(true);
    }
  });

  it("a file just over the size limit is refused (413) though its Content-Length passes the first look", async () => {
    const s = await makeStudent(t);
    const before = await fileCount();
    const big = makeLargePdf(LIMITS.documentBytesMax + 2048);
    expect(big.length).toBeGreaterThan(LIMITS.documentBytesMax);
    expect(big.length).toBeLessThan(LIMITS.documentBytesMax + 64 * 1024);
    const res = await upload(t, s, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(DOCUMENT_MSG.tooLarge);
    expect(await fileCount()).toBe(before);
  });
});

describe("a bounded queue", () => {
  let busy: TestContext;
  beforeAll(async () => {
    busy = await createTestApp({ uploadWorkers: 1, uploadQueueMax: 0 });
  });
  afterAll(async () => busy?.close());

  it("while the one worker is busy and nothing may wait, an upload is answered 503 with Retry-After at once", async () => {
    const [a, b] = await Promise.all([makeStudent(busy), makeStudent(busy)]);
    let settled = false;
    const first = upload(busy, a, manyPagesPdf(20_000)).then((res) => {
      settled = true;
      return res;
    });
    await until(
      () => busy.app.pdfChecker.pending > 0,
      () => settled,
    );
    const second = await upload(busy, b, makePdf());
    expect(second.statusCode).toBe(503);
    expect(second.headers["retry-after"]).toBe("5");
    expect(second.json()).toEqual({ error: { code: "SERVICE_UNAVAILABLE", message: MSG.uploadsBusy } });
    expect((await first).statusCode).toBe(413);
    // Once the worker is free, the same upload goes through.
    expect((await upload(busy, b, makePdf())).statusCode).toBe(201);
  });
});
