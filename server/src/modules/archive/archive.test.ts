import type { ArchiveEntry, ArchiveFilters, ArchiveList } from "@shared/schemas/archive";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, files, proposals, theses, users } from "../../db/schema";
import {
  cookieFrom,
  createTestApp,
  makeStudent,
  makeSupervisor,
  PASSWORD,
  type TestContext,
  type TestUser,
  unique,
} from "../../test/app";
import { makeCell, makeProposal } from "../../test/factories";
import { linkToken, outboxFor } from "../../test/mail";
import { makePdf } from "../../test/pdf";
import { thesisWorld } from "../../test/thesis-world";

/**
 * The archive (DESIGN.md §19, §23; decision 0077): released theses by their visibility — Public to
 * anyone, Internal to teachers, the committee and students not self-registered (or verified at an
 * allowed domain, or by single sign-on), never Private, under embargo or annulled — its search of
 * title and abstract words, its filters, its final PDF, and bad input.
 */

let t: TestContext;
let w: Awaited<ReturnType<typeof thesisWorld>>;
let otherSupervisor: TestUser;
let otherCell: string;
const word = unique("zq");

beforeAll(async () => {
  t = await createTestApp({ allowedEmailDomains: ["example.edu"] });
  w = await thesisWorld(t);
  otherSupervisor = await makeSupervisor(t, { name: "Dr. Other" });
  otherCell = (await makeCell(t, [otherSupervisor.id])).id;
});
afterAll(async () => t?.close());

interface Made {
  visibility?: "Public" | "Internal" | "Private";
  state?: "Released" | "Graded" | "Annulled";
  embargoUntil?: Date | null;
  releasedAt?: Date;
  title?: string;
  abstract?: string;
  type?: "Thesis" | "Project";
  other?: boolean;
  pdf?: boolean;
}

/** A thesis of two new students, written straight into its final rows (the reads are under test). */
async function entry(o: Made = {}) {
  const students = [
    await makeStudent(t, { name: "Ana Author" }),
    await makeStudent(t, { name: "Ben Author" }),
  ];
  const supervisorId = o.other ? otherSupervisor.id : w.supervisor.id;
  const p = await makeProposal(t, {
    supervisorId,
    cellId: o.other ? otherCell : w.cellId,
    memberIds: students.map((s) => s.id),
    status: "Approved",
    type: o.type ?? "Thesis",
    title: o.title ?? `Archived ${unique("t")}`,
  });
  if (o.abstract)
    await t.database.db.update(proposals).set({ abstract: o.abstract }).where(eq(proposals.id, p.id));
  const [file] =
    o.pdf === false
      ? [undefined]
      : await t.database.db
          .insert(files)
          .values({
            ownerId: students[0]!.id,
            name: "final.pdf",
            mediaType: "application/pdf",
            size: 100,
            sha256: "0".repeat(64),
            bytes: makePdf(["The final thesis"]),
          })
          .returning();
  const releasedAt = o.releasedAt ?? new Date("2026-06-15T12:00:00Z");
  const [th] = await t.database.db
    .insert(theses)
    .values({
      proposalId: p.id,
      state: o.state ?? "Released",
      startedAt: new Date("2025-10-01T00:00:00Z"),
      dueAt: new Date("2026-04-01T00:00:00Z"),
      firstExaminerId: supervisorId,
      finalDocumentId: file?.id ?? null,
      visibility: o.visibility ?? "Public",
      releasedAt,
      embargoUntil: o.embargoUntil ?? null,
    })
    .returning();
  return { id: th!.id, proposalId: p.id, students };
}

const list = async (u: TestUser | null, query = "") => {
  const res = await w.get(u, `/api/archive${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as ArchiveList;
};
const ids = async (u: TestUser | null, query = "") => (await list(u, query)).items.map((e) => e.id);
const status = async (u: TestUser | null, url: string) => (await w.get(u, url)).statusCode;

/** A student imported by the committee (CSV), signed in by the password link the import emailed. */
async function imported() {
  const tag = unique("im");
  const email = `${tag}@example.edu`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users/import?role=student&dryRun=false",
    payload: `name,email,studentId\nImported ${tag},${email},${tag.toUpperCase()}`,
    headers: { "content-type": "text/csv", cookie: w.committee.cookie },
  });
  expect(res.statusCode).toBe(200);
  const [mail] = await outboxFor(t, email);
  const set = await t.app.inject({
    method: "POST",
    url: "/api/auth/reset-password",
    payload: { token: linkToken(mail!.body), newPassword: PASSWORD },
  });
  expect(set.statusCode).toBe(200);
  return { cookie: cookieFrom(set) } as TestUser;
}

/** A student who registered themselves (POST /api/auth/register), signed in by it. */
async function selfRegistered() {
  const tag = unique("sr");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: {
      name: "Self Registered",
      email: `${tag}@example.edu`,
      studentId: tag.toUpperCase(),
      password: PASSWORD,
    },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().user.id as string;
  return { id, cookie: cookieFrom(res) } as TestUser;
}

describe("who sees which entry", () => {
  let pub: Awaited<ReturnType<typeof entry>>;
  let internal: Awaited<ReturnType<typeof entry>>;
  let priv: Awaited<ReturnType<typeof entry>>;
  let embargoed: Awaited<ReturnType<typeof entry>>;
  let graded: Awaited<ReturnType<typeof entry>>;
  let annulled: Awaited<ReturnType<typeof entry>>;
  beforeAll(async () => {
    pub = await entry({ visibility: "Public" });
    internal = await entry({ visibility: "Internal" });
    priv = await entry({ visibility: "Private" });
    embargoed = await entry({ visibility: "Public", embargoUntil: new Date("2999-01-01T00:00:00Z") });
    graded = await entry({ state: "Graded" });
    annulled = await entry({ state: "Annulled" });
  });

  it("Public to anyone without login; Internal, Private, embargoed, unreleased and annulled never (404 each)", async () => {
    const seen = await ids(null, "?pageSize=100");
    expect(seen).toContain(pub.id);
    for (const hidden of [internal, priv, embargoed, graded, annulled]) {
      expect(seen).not.toContain(hidden.id);
      expect(await status(null, `/api/archive/${hidden.id}`)).toBe(404);
      expect(await status(null, `/api/archive/${hidden.id}/document`)).toBe(404);
    }
    const res = await w.get(null, `/api/archive/${pub.id}`);
    expect(res.statusCode).toBe(200);
    const e = res.json().entry as ArchiveEntry;
    expect(e).toMatchObject({
      id: pub.id,
      students: ["Ana Author", "Ben Author"],
      supervisor: { id: w.supervisor.id, name: "Prof. First" },
      cell: { id: w.cellId },
      type: "Thesis",
      year: 2026,
      visibility: "Public",
      documentUrl: `/api/archive/${pub.id}/document`,
    });
    expect(JSON.stringify(e)).not.toMatch(/grade|comment/i);
    expect(await status(null, `/api/archive/${crypto.randomUUID()}`)).toBe(404);
  });

  it("Internal to teachers, the committee, imported and single sign-on students, verified ones at an allowed domain; never an unverified self-registration", async () => {
    const madeByCommittee = await makeStudent(t);
    for (const u of [w.outsiderTeacher, w.committee, await imported(), madeByCommittee]) {
      expect(await ids(u, "?pageSize=100")).toContain(internal.id);
      expect(await status(u, `/api/archive/${internal.id}`)).toBe(200);
      expect(await status(u, `/api/archive/${internal.id}/document`)).toBe(200);
    }
    const self = await selfRegistered();
    expect(await ids(self, "?pageSize=100")).toEqual(expect.arrayContaining([pub.id]));
    expect(await ids(self, "?pageSize=100")).not.toContain(internal.id);
    expect(await status(self, `/api/archive/${internal.id}`)).toBe(404);
    expect(await status(self, `/api/archive/${internal.id}/document`)).toBe(404);
    // A link reached them at an allowed domain: verified.
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, self.id));
    expect(await status(self, `/api/archive/${internal.id}`)).toBe(200);
    // Another self-registration, linked to single sign-on.
    const linked = await selfRegistered();
    expect(await status(linked, `/api/archive/${internal.id}`)).toBe(404);
    await t.database.db
      .insert(accounts)
      .values({ userId: linked.id, accountId: unique("sub"), providerId: "oidc" });
    expect(await status(linked, `/api/archive/${internal.id}`)).toBe(200);
  });

  it("Private, embargoed and annulled are entries for nobody, not even their own people or the committee", async () => {
    for (const u of [w.committee, w.supervisor, priv.students[0]!]) {
      const seen = await ids(u, "?pageSize=100");
      for (const hidden of [priv, embargoed, annulled, graded]) {
        expect(seen).not.toContain(hidden.id);
        expect(await status(u, `/api/archive/${hidden.id}`)).toBe(404);
        expect(await status(u, `/api/archive/${hidden.id}/document`)).toBe(404);
      }
    }
  });

  it("the final PDF by the entry's visibility, sandboxed; an entry without one has no link", async () => {
    const res = await w.get(null, `/api/archive/${pub.id}/document`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain("final.pdf");
    expect(res.headers["content-security-policy"]).toContain("sandbox");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const none = await entry({ pdf: false });
    expect((await w.get(null, `/api/archive/${none.id}`)).json().entry.documentUrl).toBeNull();
    expect(await status(null, `/api/archive/${none.id}/document`)).toBe(404);
  });
});

describe("release, change and annulment move the entry", () => {
  it("a release enters it; the committee's change to Private or an embargo hides it; the annulment withdraws it", async () => {
    const th = await w.writing();
    await t.database.db.update(theses).set({ state: "Graded" }).where(eq(theses.id, th.id));
    expect(await status(w.committee, `/api/archive/${th.id}`)).toBe(404);
    expect((await w.post(w.committee, `/api/theses/${th.id}/release`)).statusCode).toBe(200);
    // Released Internal (no proposal): the teachers see it, nobody signed out does.
    expect(await status(w.outsiderTeacher, `/api/archive/${th.id}`)).toBe(200);
    expect(await status(null, `/api/archive/${th.id}`)).toBe(404);
    const patch = (payload: object) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/theses/${th.id}/visibility`,
        payload,
        headers: { cookie: w.committee.cookie },
      });
    expect((await patch({ visibility: "Private" })).statusCode).toBe(200);
    expect(await status(w.outsiderTeacher, `/api/archive/${th.id}`)).toBe(404);
    expect((await patch({ visibility: "Internal", embargoUntil: "2999-01-01T00:00:00Z" })).statusCode).toBe(
      200,
    );
    expect(await status(w.outsiderTeacher, `/api/archive/${th.id}`)).toBe(404);
    expect((await patch({ embargoUntil: null })).statusCode).toBe(200);
    expect(await status(w.outsiderTeacher, `/api/archive/${th.id}`)).toBe(200);
    const annul = await w.post(w.committee, `/api/theses/${th.id}/annul`, { reason: "Plagiarism." });
    expect(annul.statusCode).toBe(200);
    expect(await status(w.outsiderTeacher, `/api/archive/${th.id}`)).toBe(404);
    expect(await ids(w.committee, "?pageSize=100")).not.toContain(th.id);
  });
});

describe("search and filters", () => {
  let a: Awaited<ReturnType<typeof entry>>;
  let b: Awaited<ReturnType<typeof entry>>;
  let c: Awaited<ReturnType<typeof entry>>;
  beforeAll(async () => {
    a = await entry({ title: `Graphene ${word}`, abstract: "Heat transport in layered carbon." });
    b = await entry({
      title: `Compilers ${word}`,
      abstract: "Register allocation by graph colouring, with ÉTUDES of heat.",
      type: "Project",
      other: true,
      releasedAt: new Date("2025-06-15T12:00:00Z"),
    });
    c = await entry({ title: `Private ${word}`, abstract: "Heat.", visibility: "Private" });
  });

  it("q matches the starts of title and abstract words, every word, in any case and accent", async () => {
    expect(await ids(null, `?q=${word}`)).toEqual([a.id, b.id]);
    expect(await ids(null, `?q=${word}+layer`)).toEqual([a.id]);
    expect(await ids(null, `?q=${word}+COLOUR`)).toEqual([b.id]);
    expect(await ids(null, `?q=${word}+etudes`)).toEqual([b.id]);
    expect(await ids(null, `?q=${word}+heat`)).toEqual([a.id, b.id]);
    expect(await ids(null, `?q=${word}+nothing`)).toEqual([]);
    // Punctuation and query syntax are not operators.
    expect(await ids(null, `?q=${encodeURIComponent(`${word} & !heat | ':*`)}`)).toEqual([a.id, b.id]);
    expect(await ids(null, `?q=${encodeURIComponent("&|!")}`)).toEqual([]);
    expect(await ids(w.committee, `?q=${word}`)).not.toContain(c.id);
  });

  it("filters by year of release, research cell, supervisor and type; counts and pages", async () => {
    expect(await ids(null, `?q=${word}&year=2025`)).toEqual([b.id]);
    expect(await ids(null, `?q=${word}&year=2026`)).toEqual([a.id]);
    expect(await ids(null, `?q=${word}&cellId=${otherCell}`)).toEqual([b.id]);
    expect(await ids(null, `?q=${word}&supervisorId=${w.supervisor.id}`)).toEqual([a.id]);
    expect(await ids(null, `?q=${word}&type=Project`)).toEqual([b.id]);
    expect(await ids(null, `?q=${word}&type=Thesis&year=2025`)).toEqual([]);
    const first = await list(null, `?q=${word}&pageSize=1`);
    expect(first).toMatchObject({ total: 2, capped: false });
    expect(first.items.map((e) => e.id)).toEqual([a.id]);
    expect((await list(null, `?q=${word}&pageSize=1&page=2`)).items.map((e) => e.id)).toEqual([b.id]);
  });

  it("the filters offer the years, cells and supervisors of the entries the caller sees", async () => {
    const res = await w.get(null, "/api/archive/filters");
    expect(res.statusCode).toBe(200);
    const f = res.json() as ArchiveFilters;
    expect(f.years).toEqual(expect.arrayContaining([2026, 2025]));
    expect(f.cells.map((x) => x.id)).toEqual(expect.arrayContaining([w.cellId, otherCell]));
    expect(f.supervisors).toEqual(expect.arrayContaining([{ id: otherSupervisor.id, name: "Dr. Other" }]));
  });

  it("bad input is a 400 naming the field", async () => {
    for (const [query, field] of [
      ["?year=twenty", "year"],
      ["?year=12", "year"],
      ["?cellId=not-an-id", "cellId"],
      ["?supervisorId=1", "supervisorId"],
      ["?type=Essay", "type"],
      [`?q=${"a".repeat(101)}`, "q"],
      ["?page=0", "page"],
    ] as const) {
      const res = await w.get(null, `/api/archive${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), query).toEqual([field]);
    }
    expect((await w.get(null, "/api/archive/not-an-id")).statusCode).toBe(400);
  });
});
