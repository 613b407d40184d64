import { LIMITS } from "@shared/limits";
import { DOCUMENT_MSG } from "@shared/schemas/files";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
} from "../../test/app";
import { acceptInvitations, makeCell } from "../../test/factories";
import { makePdf, multipartFile } from "../../test/pdf";

/**
 * Proposal documents (DESIGN.md §10): a PDF a PDF library reads, at most 20 MB, stored in the
 * `files` table; served with a download's headers only to those who may see the proposal.
 */

let t: TestContext;
let supervisor: TestUser;
let cellId: string;
beforeAll(async () => {
  t = await createTestApp();
  supervisor = await makeSupervisor(t);
  cellId = (await makeCell(t, [supervisor.id])).id;
});
afterAll(async () => t?.close());

const upload = (user: TestUser | null, bytes: Buffer, name = "proposal.pdf", type = "application/pdf") => {
  const part = multipartFile(bytes, name, type);
  return t.app.inject({
    method: "POST",
    url: "/api/files",
    payload: part.payload,
    headers: { ...sessionHeaders(user), ...part.headers },
  });
};
const fileCount = async () =>
  (await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from files`))[0].n;

describe("POST /api/files", () => {
  it("keeps a real PDF and answers its id, name and size", async () => {
    const s = await makeStudent(t);
    const pdf = makePdf(["Chapter one", "Chapter two"]);
    const res = await upload(s, pdf, "My Proposal (final).pdf");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), name: "My Proposal (final).pdf", size: pdf.length });
    const [row] = await selectRows<{ media_type: string; sha256: string; owner_id: string }>(
      t.database.db,
      sql`select media_type, sha256, owner_id from files where id = ${res.json().id}`,
    );
    expect(row).toMatchObject({ media_type: "application/pdf", owner_id: s.id });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps the file's name others see without direction controls (DESIGN.md §13), in any script", async () => {
    const s = await makeStudent(t);
    for (const [sent, kept] of [
      // Shown as "cvfdp.exe": a PDF made to look like a program, or any name made to read otherwise.
      ["cv\u202Eexe.pdf", "cvexe.pdf"],
      ["Ana \u2067Bo\u2069 final.pdf", "Ana Bo final.pdf"],
      ["\u202B\u2066\u202C", "document.pdf"],
      ["\u200B\u2060", "document.pdf"],
      ["دراسة نهائية.pdf", "دراسة نهائية.pdf"],
    ]) {
      const res = await upload(s, makePdf(), sent);
      expect(res.statusCode, JSON.stringify(sent)).toBe(201);
      expect(res.json().name, JSON.stringify(sent)).toBe(kept);
    }
  });

  it("refuses, with a clear message and keeping nothing: HTML renamed .pdf, a truncated PDF, 21 MB, an empty file", async () => {
    const s = await makeStudent(t);
    const before = await fileCount();
    const html = await upload(s, Buffer.from("<!doctype html><script>alert(1)</script>"), "evil.pdf");
    expect(html.statusCode).toBe(415);
    expect(html.json().error.message).toBe(DOCUMENT_MSG.wrongType);
    const pdf = makePdf(["Whole"]);
    const truncated = await upload(s, pdf.subarray(0, Math.floor(pdf.length * 0.7)));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error).toMatchObject({
      message: DOCUMENT_MSG.unreadable,
      fields: { file: DOCUMENT_MSG.unreadable },
    });
    const big = Buffer.concat([pdf, Buffer.alloc(21 * 1024 * 1024 - pdf.length, 0x20)]);
    const tooBig = await upload(s, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe(DOCUMENT_MSG.tooLarge);
    // Exactly at the limit is not refused for its size (it fails only if it does not parse).
    expect(LIMITS.documentBytesMax).toBe(20 * 1024 * 1024);
    const empty = await upload(s, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(await fileCount()).toBe(before);
  });

  it("is for students only (401 signed out, 403 others)", async () => {
    expect((await upload(null, makePdf())).statusCode).toBe(401);
    expect((await upload(supervisor, makePdf())).statusCode).toBe(403);
    expect((await upload(await makeCommittee(t), makePdf())).statusCode).toBe(403);
  });
});

describe("documents on proposals", () => {
  it("a submission and a version refer to their author's uploads; others see them only with the proposal", async () => {
    const [creator, member, outsider] = await Promise.all([makeStudent(t), makeStudent(t), makeStudent(t)]);
    const otherSupervisor = await makeSupervisor(t);
    const doc = (await upload(creator, makePdf(["Version one"]))).json();
    const foreign = (await upload(outsider, makePdf(["Not yours"]))).json();
    const body = (documentId: string) => ({
      title: "Documented",
      abstract: "With a PDF.",
      type: "Thesis",
      researchCellId: cellId,
      supervisorId: supervisor.id,
      memberIds: [member.id],
      documentId,
    });
    // Someone else's upload cannot be attached.
    const stolen = await t.app.inject({
      method: "POST",
      url: "/api/proposals",
      payload: body(foreign.id),
      headers: sessionHeaders(creator),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields).toEqual({ documentId: DOCUMENT_MSG.notFound });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/proposals",
      payload: body(doc.id),
      headers: sessionHeaders(creator),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().proposal.document).toEqual(doc);
    const id = res.json().proposal.id;

    const get = (u: TestUser) =>
      t.app.inject({ method: "GET", url: `/api/files/${doc.id}`, headers: sessionHeaders(u) });
    // The invitee may read the proposal, and so its document; the supervisor only once it reaches them.
    expect((await get(member)).statusCode).toBe(200);
    expect((await get(supervisor)).statusCode).toBe(404);
    await acceptInvitations(t, id, [member]);
    const served = await get(supervisor);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-disposition"]).toBe(
      `attachment; filename="proposal.pdf"; filename*=UTF-8''proposal.pdf`,
    );
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toBe("sandbox; default-src 'none'");
    expect(served.headers["x-frame-options"]).toBe("DENY");
    expect(served.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    for (const u of [outsider, otherSupervisor]) expect((await get(u)).statusCode).toBe(404);

    // The review's preview (decision 0059): the same bytes, inline, sandboxed, framed by our pages only.
    const preview = (u: TestUser, view = "inline") =>
      t.app.inject({ method: "GET", url: `/api/files/${doc.id}?view=${view}`, headers: sessionHeaders(u) });
    const inline = await preview(supervisor);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers["content-type"]).toBe("application/pdf");
    expect(inline.headers["content-disposition"]).toBe(
      `inline; filename="proposal.pdf"; filename*=UTF-8''proposal.pdf`,
    );
    expect(inline.headers["x-content-type-options"]).toBe("nosniff");
    expect(inline.headers["content-security-policy"]).toBe(
      "sandbox; default-src 'none'; frame-ancestors 'self'",
    );
    expect(inline.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(inline.rawPayload.equals(served.rawPayload)).toBe(true);
    for (const u of [outsider, otherSupervisor]) expect((await preview(u)).statusCode).toBe(404);
    const badView = await preview(supervisor, "html");
    expect(badView.statusCode).toBe(400);
    expect(badView.json().error.fields).toEqual({ view: "View must be download or inline." });
    expect((await get(await makeCommittee(t))).statusCode).toBe(200);

    // A version's document, and the versions list shows each version's own.
    await t.app.inject({
      method: "POST",
      url: `/api/proposals/${id}/review`,
      payload: { status: "Changes requested", feedback: "Add a chapter." },
      headers: sessionHeaders(supervisor),
    });
    const doc2 = (await upload(member, makePdf(["Version two", "New chapter"]), "v2.pdf")).json();
    const v2 = await t.app.inject({
      method: "POST",
      url: `/api/proposals/${id}/versions`,
      payload: {
        title: "Documented",
        abstract: "With two PDFs.",
        documentId: doc2.id,
        note: "Added a chapter.",
      },
      headers: sessionHeaders(member),
    });
    expect(v2.statusCode).toBe(201);
    expect(v2.json().proposal.document).toEqual(doc2);
    const versions = (
      await t.app.inject({
        method: "GET",
        url: `/api/proposals/${id}/versions`,
        headers: sessionHeaders(supervisor),
      })
    ).json().items;
    expect(versions.map((v: { document: unknown }) => v.document)).toEqual([doc2, doc]);
    // A made-up id is simply not there.
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/files/${foreign.id}`,
          headers: sessionHeaders(creator),
        })
      ).statusCode,
    ).toBe(404);
  });

  it("the clean-up keeps documents that versions refer to", async () => {
    const s = await makeStudent(t);
    const kept = (await upload(s, makePdf())).json();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/proposals",
      payload: {
        title: "Kept",
        abstract: "Kept.",
        type: "Thesis",
        researchCellId: cellId,
        supervisorId: supervisor.id,
        documentId: kept.id,
      },
      headers: sessionHeaders(s),
    });
    expect(res.statusCode).toBe(201);
    const unused = (await upload(s, makePdf())).json();
    await t.database.db.execute(
      sql`update files set created_at = now() - interval '2 days' where id in (${kept.id}, ${unused.id})`,
    );
    await t.database.db.execute(
      sql`update scheduled_jobs set next_run_at = now() - interval '1 minute' where name = 'file-cleanup'`,
    );
    expect(await t.app.scheduler.runDue()).toContain("file-cleanup");
    const left = await selectRows<{ id: string }>(
      t.database.db,
      sql`select id from files where id in (${kept.id}, ${unused.id})`,
    );
    expect(left.map((r) => r.id)).toEqual([kept.id]);
  });
});
