import { createHash } from "node:crypto";
import { LIMITS } from "@shared/limits";
import { DOCUMENT_MSG } from "@shared/schemas/files";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { createTestApp, makeStudent, sessionHeaders, type TestContext, type TestUser } from "../../test/app";
import { makeLargePdf, multipartFile } from "../../test/pdf";
import { thesisWorld } from "../../test/thesis-world";
import { fileStream } from "./file-stream";

/**
 * Thesis documents (DESIGN.md §16, §10, §21; decision 0080): up to 50 MB with purpose=thesis, by a
 * member of a thesis in Writing; written and read back in pieces exempt from the statement limit,
 * which is set low here (200 ms) as a busy server's could be.
 */

let t: TestContext;
let w: Awaited<ReturnType<typeof thesisWorld>>;
const MB = 1024 * 1024;
// Made once: random bytes in an image the page does not draw, so the PDF is cheap to parse.
const big = makeLargePdf(LIMITS.thesisDocumentBytesMax - MB / 2, "A thesis");
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

beforeAll(async () => {
  t = await createTestApp({ statementTimeoutMs: 200 });
  w = await thesisWorld(t);
});
afterAll(async () => t?.close());

const upload = (user: TestUser, bytes: Buffer, purpose?: string) => {
  const part = multipartFile(bytes, "thesis.pdf");
  return t.app.inject({
    method: "POST",
    url: purpose ? `/api/files?purpose=${purpose}` : "/api/files",
    payload: part.payload,
    headers: { ...sessionHeaders(user), ...part.headers },
  });
};
const download = (user: TestUser, id: string) =>
  t.app.inject({ method: "GET", url: `/api/files/${id}`, headers: sessionHeaders(user) });

describe("thesis documents up to 50 MB", () => {
  it("a member's 49.5 MB draft is kept and downloads byte-identical, in pieces, to those who may see the thesis only", async () => {
    const th = await w.writing();
    const [a, b] = th.students;
    const res = await upload(a, big, "thesis");
    expect(res.statusCode).toBe(201);
    expect(res.json().size).toBe(big.length);
    const draft = await w.post(a, `/api/theses/${th.id}/drafts`, { documentId: res.json().id });
    expect(draft.statusCode).toBe(201);
    const doc = (await w.writingOf(w.supervisor, th.id)).drafts[0].document;
    expect(doc).toEqual(res.json());
    for (const u of [b, w.supervisor, w.examiner, w.committee]) {
      const got = await download(u, doc.id);
      expect(got.statusCode).toBe(200);
      expect(got.headers["content-length"]).toBe(String(big.length));
      expect(sha(got.rawPayload)).toBe(sha(big));
    }
    const [row] = await selectRows<{ sha256: string }>(
      t.database.db,
      sql`select sha256 from files where id = ${doc.id}`,
    );
    expect(row.sha256).toBe(sha(big));
    // Others: as before, not there (404).
    for (const u of [await makeStudent(t), w.outsiderTeacher])
      expect((await download(u, doc.id)).statusCode).toBe(404);
    // The stream reads 1 MB pieces as they are taken; a smaller piece gives the same bytes.
    const pieces: Buffer[] = [];
    for await (const p of fileStream(t.database.db, doc.id, big.length, 7 * MB)) pieces.push(p);
    expect(pieces.length).toBe(Math.ceil(big.length / (7 * MB)));
    expect(sha(Buffer.concat(pieces))).toBe(sha(big));
    // Some 300 MB through the embedded database: 30 s was not enough beside another test file.
  }, 120_000);

  it("over 50 MB is refused (413, naming 50 MB) as soon as it passes the limit, or unread when announced so; nothing is kept", async () => {
    const th = await w.writing();
    const [a] = th.students;
    const before = await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from files`);
    const over = makeLargePdf(LIMITS.thesisDocumentBytesMax + 2048);
    for (const bytes of [over, Buffer.concat([over, Buffer.alloc(MB)])]) {
      const res = await upload(a, bytes, "thesis");
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(DOCUMENT_MSG.thesisTooLarge);
      expect(DOCUMENT_MSG.thesisTooLarge).toContain("50 MB");
    }
    const after = await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from files`);
    expect(after).toEqual(before);
    expect(t.app.uploadMemory.heldBytes).toBe(0);
  });

  it("uploads in progress hold at most UPLOAD_MEMORY_MB: past it 503 with Retry-After; each upload releases its share", async () => {
    const th = await w.writing();
    const [a] = th.students;
    const memory = t.app.uploadMemory;
    expect(memory.budgetBytes).toBe(400 * MB);
    const pdf = makeLargePdf(2 * MB);
    const release = memory.take(memory.budgetBytes - MB);
    const busy = await upload(a, pdf, "thesis");
    expect(busy.statusCode).toBe(503);
    expect(busy.headers["retry-after"]).toBe("5");
    release();
    expect((await upload(a, pdf, "thesis")).statusCode).toBe(201);
    expect(memory.heldBytes).toBe(0);
  });

  it("a proposal's upload stays at 20 MB; a thesis-sized file never becomes a proposal's document", async () => {
    const th = await w.writing();
    const [a] = th.students;
    const over20 = makeLargePdf(LIMITS.documentBytesMax + 2048);
    const refused = await upload(a, over20);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toBe(DOCUMENT_MSG.tooLarge);
    const thesisSized = await upload(a, over20, "thesis");
    expect(thesisSized.statusCode).toBe(201);
    // However it became theirs (a member who left a thesis keeps their uploads), a student free
    // to propose cannot submit it with a proposal: 400 at documentId naming the 20 MB limit.
    const s = await makeStudent(t);
    await t.database.db.execute(sql`update files set owner_id = ${s.id} where id = ${thesisSized.json().id}`);
    const proposal = await w.post(s, "/api/proposals", {
      title: "Too big",
      abstract: "A proposal with a thesis-sized PDF.",
      type: "Thesis",
      researchCellId: w.cellId,
      supervisorId: w.supervisor.id,
      memberIds: [],
      documentId: thesisSized.json().id,
    });
    expect(proposal.statusCode).toBe(400);
    expect(proposal.json().error.fields).toEqual({ documentId: DOCUMENT_MSG.tooLargeForProposal });
    expect(DOCUMENT_MSG.tooLargeForProposal).toContain("20 MB");
  });

  it("purpose=thesis only for a student member of a thesis in Writing (403), an unknown purpose 400", async () => {
    const pdf = makeLargePdf(4096);
    const th = await w.writing();
    for (const u of [await makeStudent(t), w.supervisor, w.committee]) {
      const res = await upload(u, pdf, "thesis");
      expect(res.statusCode).toBe(403);
      if (u.role === "student") expect(res.json().error.message).toBe(DOCUMENT_MSG.thesisOnly);
    }
    const bad = await upload(th.students[0], pdf, "archive");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ purpose: "Purpose must be proposal or thesis." });
    // Submitted: no longer being written.
    await t.database.db.execute(sql`update theses set state = 'Submitted' where id = ${th.id}`);
    expect((await upload(th.students[0], pdf, "thesis")).statusCode).toBe(403);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "the statement limit is in force for other statements",
    async () => {
      await expect(t.database.db.execute(sql`select pg_sleep(0.5)`)).rejects.toThrow();
    },
  );
});
