import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { PoolBusyError, WorkerLimitError } from "../../lib/worker-pool";
import { manyPagesPdf, objectStreamBomb } from "../../test/hostile-pdf";
import { makeLargePdf, makePdf } from "../../test/pdf";
import { DOCUMENT_LIMITS, PdfChecker } from "./pdf-check";

/**
 * The PDF check in its worker (decision 0037): each limit is what refuses the file it is for.
 * The HTTP side (answers, the health check meanwhile) is in security/hostile-uploads.test.ts.
 */

const checkers: PdfChecker[] = [];
const checker = (options: Partial<ConstructorParameters<typeof PdfChecker>[0]> = {}) => {
  const c = new PdfChecker({ threads: 1, queueMax: 4, heapMb: 256, ...options });
  checkers.push(c);
  return c;
};
afterAll(async () => {
  await Promise.all(checkers.map((c) => c.close()));
});

describe("PdfChecker", () => {
  it("reads a valid PDF and hands its bytes back whole, with their SHA-256", async () => {
    const c = checker();
    for (const pdf of [makePdf(["One", "Two"]), makeLargePdf(3 * 1024 * 1024)]) {
      const sha256 = createHash("sha256").update(pdf).digest("hex");
      const copy = Buffer.from(pdf);
      const result = await c.check(copy, DOCUMENT_LIMITS);
      expect(result).toMatchObject({ verdict: "ok", sha256 });
      expect(result.bytes.equals(pdf)).toBe(true);
    }
  });

  it("stops an object stream that inflates to 400 MiB at the inflated-size limit, not the time limit", async () => {
    const c = checker();
    for (const bomb of [objectStreamBomb(400), objectStreamBomb(400, true)])
      expect((await c.check(bomb, DOCUMENT_LIMITS)).verdict).toBe("too-much-data");
    // Under a higher limit the same file is read: the limit, not the file's shape, refused it.
    const small = objectStreamBomb(8);
    expect((await c.check(small, { ...DOCUMENT_LIMITS, inflatedBytesMax: 64 * 1024 * 1024 })).verdict).toBe(
      "ok",
    );
    expect(
      (await c.check(objectStreamBomb(8), { ...DOCUMENT_LIMITS, inflatedBytesMax: 4 * 1024 * 1024 })).verdict,
    ).toBe("too-much-data");
  });

  it("refuses more pages than the limit without reading them", async () => {
    const c = checker();
    expect(await c.check(manyPagesPdf(20_000), DOCUMENT_LIMITS)).toMatchObject({
      verdict: "too-many-pages",
      pages: 20_000,
    });
    expect((await c.check(manyPagesPdf(3), { ...DOCUMENT_LIMITS, pagesMax: 2 })).verdict).toBe(
      "too-many-pages",
    );
    expect((await c.check(manyPagesPdf(3), { ...DOCUMENT_LIMITS, pagesMax: 3 })).verdict).toBe("ok");
  });

  it("terminates a check that passes its time limit, and the next check runs on a fresh worker", async () => {
    const c = checker();
    await expect(c.check(manyPagesPdf(200_000), { ...DOCUMENT_LIMITS, timeLimitMs: 20 })).rejects.toEqual(
      new WorkerLimitError("time"),
    );
    expect((await c.check(makePdf(), DOCUMENT_LIMITS)).verdict).toBe("ok");
  });

  it("terminates a check that passes the worker's heap limit", async () => {
    const c = checker({ heapMb: 32 });
    await expect(c.check(manyPagesPdf(200_000), { ...DOCUMENT_LIMITS, timeLimitMs: 60_000 })).rejects.toEqual(
      new WorkerLimitError("memory"),
    );
    expect((await c.check(makePdf(), DOCUMENT_LIMITS)).verdict).toBe("ok");
  });

  it("refuses at once, past the queue, while every worker is busy", async () => {
    const c = checker({ threads: 1, queueMax: 1 });
    // All three are asked for at once: the first takes the one worker, the second the one place.
    const running = c.check(manyPagesPdf(20_000), DOCUMENT_LIMITS);
    const waiting = c.check(makePdf(), DOCUMENT_LIMITS);
    await expect(c.check(makePdf(), DOCUMENT_LIMITS)).rejects.toBeInstanceOf(PoolBusyError);
    expect((await running).verdict).toBe("too-many-pages");
    expect((await waiting).verdict).toBe("ok");
  });

  it("calls anything that is not a PDF unreadable", async () => {
    const c = checker();
    const pdf = makePdf();
    expect((await c.check(Buffer.from("<!doctype html>"), DOCUMENT_LIMITS)).verdict).toBe("unreadable");
    expect((await c.check(pdf.subarray(0, Math.floor(pdf.length * 0.7)), DOCUMENT_LIMITS)).verdict).toBe(
      "unreadable",
    );
  });
});
