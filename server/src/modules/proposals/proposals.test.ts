import { randomUUID } from "node:crypto";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { Proposal } from "@shared/schemas/proposals";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, proposalMembers, proposals } from "../../db/schema";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
} from "../../test/app";
import { acceptInvitations, makeCell, makeProposal } from "../../test/factories";
import { PROPOSAL_MSG } from "./proposals.service";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const submit = (user: TestUser | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/proposals",
    payload,
    headers: sessionHeaders(user),
  });
const get = (user: TestUser | null, url: string) =>
  t.app.inject({ method: "GET", url, headers: sessionHeaders(user) });

/** What a submission writes (proposals, member rows, outbox emails), so "changes nothing" checks all three. */
async function storedRows() {
  const res = (await t.database.db.execute(
    sql`select (select count(*) from proposals)::int as proposals, (select count(*) from proposal_members)::int as members,
               (select count(*) from outbox)::int as emails`,
  )) as unknown as { rows: { proposals: number; members: number; emails: number }[] };
  return res.rows[0];
}

/** A supervisor assigned to a fresh cell: what every submission needs. */
async function cellWithSupervisor() {
  const supervisor = await makeSupervisor(t);
  const cell = await makeCell(t, [supervisor.id]);
  return { supervisor, cell };
}

function body(cellId: string, supervisorId: string, extra: Record<string, unknown> = {}) {
  return {
    title: "Graph neural networks for phishing detection",
    abstract: "We study how graph structure helps.",
    type: "Thesis",
    researchCellId: cellId,
    supervisorId,
    memberIds: [],
    ...extra,
  };
}

describe("POST /api/proposals", () => {
  it("answers 401 signed out and 403 to supervisors and committee members", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const before = await storedRows();
    expect((await submit(null, body(cell.id, supervisor.id))).statusCode).toBe(401);
    expect((await submit(supervisor, body(cell.id, supervisor.id))).statusCode).toBe(403);
    const committee = await makeCommittee(t);
    const res = await submit(committee, body(cell.id, supervisor.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("FORBIDDEN");
    expect(await storedRows()).toEqual(before);
  });

  it("invites the named students (creator first): Awaiting members, then Pending once all have answered", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const [a, b, c] = [await makeStudent(t), await makeStudent(t), await makeStudent(t)];
    const res = await submit(a, body(cell.id, supervisor.id, { memberIds: [b.id, c.id], type: "Project" }));
    expect(res.statusCode).toBe(201);
    const p: Proposal = res.json().proposal;
    expect(p).toMatchObject({
      title: "Graph neural networks for phishing detection",
      abstract: "We study how graph structure helps.",
      type: "Project",
      status: "Awaiting members",
      researchCell: { id: cell.id, title: cell.title },
      supervisor: { id: supervisor.id, name: supervisor.name, email: supervisor.email },
      createdBy: { id: a.id, name: a.name },
      feedback: null,
      reviewedAt: null,
      reviewedBy: null,
      reviewDueAt: null,
      version: 1,
      document: null,
    });
    expect(p.members).toEqual([
      { id: a.id, name: a.name, studentId: a.studentId, position: 0, state: "accepted" },
      { id: b.id, name: b.name, studentId: b.studentId, position: 1, state: "invited" },
      { id: c.id, name: c.name, studentId: c.studentId, position: 2, state: "invited" },
    ]);
    expect(Number.isNaN(Date.parse(p.createdAt))).toBe(false);

    // Only the creator takes a place; an invitation takes nobody's.
    const rows = await t.database.db
      .select()
      .from(proposalMembers)
      .where(eq(proposalMembers.proposalId, p.id));
    expect(rows.map((r) => [r.userId, r.state, r.active]).sort()).toEqual(
      [
        [a.id, "accepted", true],
        [b.id, "invited", false],
        [c.id, "invited", false],
      ].sort(),
    );
    const supervisorMails = () =>
      t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.userId, supervisor.id), eq(outbox.kind, "proposal.submitted")));
    // The invitees hear of it; the supervisor does not see it yet (404, no email).
    const invitations = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "invitation.received"), eq(outbox.userId, b.id)));
    expect(invitations).toHaveLength(1);
    expect(invitations[0].subject).toBe(`${a.name} invites you to join "${p.title}"`);
    expect(await supervisorMails()).toHaveLength(0);
    expect((await get(supervisor, `/api/proposals/${p.id}`)).statusCode).toBe(404);

    await acceptInvitations(t, p.id, [b, c]);
    const after = (await get(supervisor, `/api/proposals/${p.id}`)).json().proposal;
    expect(after.status).toBe("Pending");
    expect(after.members.map((m: { state: string }) => m.state)).toEqual([
      "accepted",
      "accepted",
      "accepted",
    ]);
    // The supervisor hears of it once it is Pending (through the outbox, in the same transaction).
    const mails = await supervisorMails();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("Graph neural networks");
    // The recipient's name is filled in by the database (no marker left behind).
    expect(mails[0].body).toMatch(new RegExp(`^Hello ${supervisor.name},`));
    expect(mails[0].body).not.toContain("{{name:");
  });

  it("is Pending at once with nobody invited, and the supervisor is told", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const a = await makeStudent(t);
    const res = await submit(a, body(cell.id, supervisor.id));
    expect(res.json().proposal).toMatchObject({
      status: "Pending",
      members: [{ id: a.id, state: "accepted" }],
    });
    expect(res.json().proposal.reviewDueAt).not.toBeNull();
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, supervisor.id), eq(outbox.kind, "proposal.submitted")));
    expect(mails).toHaveLength(1);
  });

  it("trims the title and abstract", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const s = await makeStudent(t);
    const res = await submit(
      s,
      body(cell.id, supervisor.id, { title: "  Spaced  ", abstract: "\n Text \n" }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().proposal).toMatchObject({ title: "Spaced", abstract: "Text" });
  });

  it("names every missing field and creates nothing", async () => {
    const s = await makeStudent(t);
    const before = await storedRows();
    const res = await submit(s, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      title: "Title is required.",
      abstract: "Abstract is required.",
      type: "Type must be Thesis or Project.",
      researchCellId: MSG.selectCellAndSupervisor,
      supervisorId: MSG.selectCellAndSupervisor,
    });
    const blank = await submit(s, { ...body(randomUUID(), randomUUID()), title: "   ", abstract: "" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({
      title: "Title is required.",
      abstract: "Abstract is required.",
    });
    expect(await storedRows()).toEqual(before);
  });

  it("refuses a title over 200 and an abstract over 5,000 characters, and a bad type", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const s = await makeStudent(t);
    const before = await storedRows();
    const long = await submit(
      s,
      body(cell.id, supervisor.id, {
        title: "t".repeat(LIMITS.proposalTitleMax + 1),
        abstract: "a".repeat(LIMITS.proposalAbstractMax + 1),
      }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({
      title: "Title must be at most 200 characters.",
      abstract: "Abstract must be at most 5,000 characters.",
    });
    const type = await submit(s, body(cell.id, supervisor.id, { type: "Essay" }));
    expect(type.statusCode).toBe(400);
    expect(type.json().error.fields).toEqual({ type: "Type must be Thesis or Project." });
    expect(await storedRows()).toEqual(before);
    // Exactly at the limits is fine.
    const edge = await submit(
      s,
      body(cell.id, supervisor.id, {
        title: "t".repeat(LIMITS.proposalTitleMax),
        abstract: "a".repeat(LIMITS.proposalAbstractMax),
      }),
    );
    expect(edge.statusCode).toBe(201);
  });

  it("refuses an unknown cell, and a supervisor who is not assigned to the cell", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const other = await cellWithSupervisor();
    const s = await makeStudent(t);
    const before = await storedRows();

    const unknownCell = await submit(s, body(randomUUID(), supervisor.id));
    expect(unknownCell.statusCode).toBe(400);
    expect(unknownCell.json().error.fields).toEqual({ researchCellId: MSG.cellNotFound });

    const wrongSupervisor = await submit(s, body(cell.id, other.supervisor.id));
    expect(wrongSupervisor.statusCode).toBe(400);
    expect(wrongSupervisor.json().error).toMatchObject({
      message: PROPOSAL_MSG.supervisorNotInCell,
      fields: { supervisorId: PROPOSAL_MSG.supervisorNotInCell },
    });

    // A student's id in the supervisor field is not a supervisor of anything.
    const notSupervisor = await submit(s, body(cell.id, s.id));
    expect(notSupervisor.statusCode).toBe(400);
    expect(notSupervisor.json().error.fields).toEqual({ supervisorId: PROPOSAL_MSG.supervisorNotInCell });

    const badIds = await submit(s, body("not-a-uuid", "nope"));
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().error.fields).toEqual({
      researchCellId: MSG.selectCellAndSupervisor,
      supervisorId: MSG.selectCellAndSupervisor,
    });
    expect(await storedRows()).toEqual(before);
  });

  it("refuses bad groups: self, duplicates, more than two, non-students and unknown ids", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const [s, m1, m2, m3] = [
      await makeStudent(t),
      await makeStudent(t),
      await makeStudent(t),
      await makeStudent(t),
    ];
    const committee = await makeCommittee(t);
    const before = await storedRows();
    const refuse = async (memberIds: unknown, message: string) => {
      const res = await submit(s, body(cell.id, supervisor.id, { memberIds }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: "VALIDATION", message, fields: { memberIds: message } });
    };
    await refuse([s.id], PROPOSAL_MSG.selfAsMember);
    await refuse([m1.id, m1.id], "A group member is listed twice.");
    await refuse([m1.id, m2.id, m3.id], "At most 2 group members.");
    await refuse([supervisor.id], PROPOSAL_MSG.memberNotStudent);
    await refuse([m1.id, committee.id], PROPOSAL_MSG.memberNotStudent);
    await refuse([randomUUID()], PROPOSAL_MSG.memberNotFound);
    await refuse("everyone", "Group members must be a list.");
    const badId = await submit(s, body(cell.id, supervisor.id, { memberIds: ["x"] }));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toEqual({ "memberIds.0": "Invalid group member." });
    expect(await storedRows()).toEqual(before);
    const memberships = await t.database.db
      .select({ n: count() })
      .from(proposalMembers)
      .where(eq(proposalMembers.userId, m1.id));
    expect(Number(memberships[0].n)).toBe(0);
  });

  it("refuses a student who is already in a Pending or Approved proposal, naming them (409)", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const [a, b, c, d] = [
      await makeStudent(t, { name: "Ada Active" }),
      await makeStudent(t, { name: "Bo Busy" }),
      await makeStudent(t),
      await makeStudent(t),
    ];
    await makeProposal(t, { supervisorId: supervisor.id, memberIds: [a.id], cellId: cell.id });
    await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [c.id, b.id],
      cellId: cell.id,
      status: "Approved",
    });
    const before = await storedRows();

    const creatorBusy = await submit(a, body(cell.id, supervisor.id));
    expect(creatorBusy.statusCode).toBe(409);
    expect(creatorBusy.json().error).toMatchObject({
      code: "CONFLICT",
      message: MSG.alreadyInActiveProposal("Ada Active"),
    });

    const memberBusy = await submit(d, body(cell.id, supervisor.id, { memberIds: [b.id] }));
    expect(memberBusy.statusCode).toBe(409);
    expect(memberBusy.json().error.message).toBe("Bo Busy is already in an active proposal.");
    expect(await storedRows()).toEqual(before);
  });

  it("lets the members of a Denied proposal submit again", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const [a, b] = [await makeStudent(t), await makeStudent(t)];
    await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [a.id, b.id],
      cellId: cell.id,
      status: "Denied",
    });
    const res = await submit(b, body(cell.id, supervisor.id, { memberIds: [a.id] }));
    expect(res.statusCode).toBe(201);
  });

  it("returns the first proposal for a retried requestId instead of making a second", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const s = await makeStudent(t);
    const requestId = randomUUID();
    const first = await submit(s, body(cell.id, supervisor.id, { requestId }));
    expect(first.statusCode).toBe(201);
    const retry = await submit(s, body(cell.id, supervisor.id, { requestId }));
    expect(retry.statusCode).toBe(200);
    expect(retry.json().proposal.id).toBe(first.json().proposal.id);
    const mine = await t.database.db
      .select({ n: count() })
      .from(proposals)
      .where(eq(proposals.createdBy, s.id));
    expect(Number(mine[0].n)).toBe(1);
    // Without the same requestId, a second submission is refused: the student is now busy.
    const another = await submit(s, body(cell.id, supervisor.id, { requestId: randomUUID() }));
    expect(another.statusCode).toBe(409);
  });

  it("makes one proposal from a double click (the same requestId sent twice at once)", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const s = await makeStudent(t);
    const requestId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => submit(s, body(cell.id, supervisor.id, { requestId }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().proposal.id)).size).toBe(1);
    const mine = await t.database.db
      .select({ n: count() })
      .from(proposals)
      .where(eq(proposals.createdBy, s.id));
    expect(Number(mine[0].n)).toBe(1);
  });

  it("lets exactly one of 20 simultaneous submissions by one student succeed", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const creator = await makeStudent(t, { name: "Sam Same" });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        submit(creator, body(cell.id, supervisor.id, { requestId: randomUUID() })),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().error.message).toBe(MSG.alreadyInActiveProposal("Sam Same"));
    const active = await t.database.db
      .select({ n: count() })
      .from(proposalMembers)
      .where(and(eq(proposalMembers.userId, creator.id), eq(proposalMembers.active, true)));
    expect(Number(active[0].n)).toBe(1);
    const made = await t.database.db
      .select({ n: count() })
      .from(proposals)
      .where(eq(proposals.supervisorId, supervisor.id));
    expect(Number(made[0].n)).toBe(1);
  });
});

describe("GET /api/proposals and /api/proposals/:id", () => {
  // Two groups under two supervisors, plus a Denied proposal of group A's creator.
  let supA: TestUser;
  let supB: TestUser;
  let a1: TestUser;
  let a2: TestUser;
  let b1: TestUser;
  let loner: TestUser;
  let committee: TestUser;
  let pA: { id: string };
  let pADenied: { id: string };
  let pB: { id: string };
  beforeAll(async () => {
    supA = await makeSupervisor(t, { name: "Sup A" });
    supB = await makeSupervisor(t, { name: "Sup B" });
    a1 = await makeStudent(t);
    a2 = await makeStudent(t);
    b1 = await makeStudent(t);
    loner = await makeStudent(t);
    committee = await makeCommittee(t);
    const cellA = await makeCell(t, [supA.id]);
    const cellB = await makeCell(t, [supB.id]);
    pADenied = await makeProposal(t, {
      supervisorId: supA.id,
      memberIds: [a1.id],
      cellId: cellA.id,
      status: "Denied",
      title: "Old idea",
      type: "Project",
    });
    pA = (await submit(a1, body(cellA.id, supA.id, { title: "Group A", memberIds: [a2.id] }))).json()
      .proposal;
    await acceptInvitations(t, pA.id, [a2]);
    pB = (await submit(b1, body(cellB.id, supB.id, { title: "Group B", type: "Project" }))).json().proposal;
  });

  it("answers 401 signed out", async () => {
    expect((await get(null, "/api/proposals")).statusCode).toBe(401);
    expect((await get(null, `/api/proposals/${pA.id}`)).statusCode).toBe(401);
  });

  it("shows a student the proposals they created or belong to, of any status, newest first", async () => {
    const res = await get(a1, "/api/proposals");
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(total).toBe(2);
    expect(items.map((p: Proposal) => p.id)).toEqual([pA.id, pADenied.id]);
    expect(items[1]).toMatchObject({ status: "Denied", feedback: "Feedback.", reviewedBy: { id: supA.id } });
    expect(items[1].reviewedAt).not.toBeNull();

    const member = (await get(a2, "/api/proposals")).json();
    expect(member.total).toBe(1);
    expect(member.items[0].id).toBe(pA.id);

    expect((await get(loner, "/api/proposals")).json()).toEqual({ items: [], total: 0, capped: false });
  });

  it("reads a proposal exactly as its submission answered it, in the list and by id", async () => {
    // The same fields, the same values, dates in the same ISO form; a list carries the abstract's
    // first 300 characters as `excerpt` instead of the abstract.
    const { supervisor, cell } = await cellWithSupervisor();
    const [x, y] = [await makeStudent(t), await makeStudent(t, { name: 'Zoë "Q" O\'Brien \\ 🎓\u200f' })];
    const made: Proposal = (
      await submit(
        x,
        body(cell.id, supervisor.id, { title: 'Same <both> ways\n\t"quoted"', memberIds: [y.id] }),
      )
    ).json().proposal;
    await acceptInvitations(t, made.id, [y]);
    const submitted: Proposal = (await get(x, `/api/proposals/${made.id}`)).json().proposal;
    expect(submitted.createdAt).toBe(new Date(submitted.createdAt).toISOString());
    expect((await get(x, `/api/proposals/${submitted.id}`)).json()).toEqual({ proposal: submitted });
    const { abstract, ...summary } = submitted;
    expect((await get(y, "/api/proposals")).json()).toEqual({
      items: [{ ...summary, excerpt: abstract }],
      total: 1,
      capped: false,
    });
  });

  it("lists carry the abstract's first 300 characters; the proposal itself carries all of it", async () => {
    const { supervisor, cell } = await cellWithSupervisor();
    const x = await makeStudent(t);
    const abstract = `${"Ábc ".repeat(100)}🎓 end`;
    const made: Proposal = (await submit(x, body(cell.id, supervisor.id, { abstract }))).json().proposal;
    expect(made.abstract).toBe(abstract);
    const [item] = (await get(x, "/api/proposals")).json().items;
    expect(item.excerpt).toBe(abstract.slice(0, 300));
    expect(item).not.toHaveProperty("abstract");
    expect((await get(supervisor, `/api/proposals/${made.id}`)).json().proposal.abstract).toBe(abstract);
  });

  it("never shows a student another group's proposal: not in the list, 404 by id", async () => {
    const list = (await get(b1, "/api/proposals")).json();
    expect(list.items.map((p: Proposal) => p.id)).toEqual([pB.id]);
    for (const id of [pA.id, pADenied.id]) {
      const res = await get(b1, `/api/proposals/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
    expect((await get(loner, `/api/proposals/${pB.id}`)).statusCode).toBe(404);
  });

  it("lets members read their proposal by id", async () => {
    for (const u of [a1, a2]) {
      const res = await get(u, `/api/proposals/${pA.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().proposal).toMatchObject({ id: pA.id, title: "Group A", status: "Pending" });
      expect(res.json().proposal.members.map((m: { id: string }) => m.id)).toEqual([a1.id, a2.id]);
    }
  });

  it("shows supervisors only the proposals addressed to them", async () => {
    const a = (await get(supA, "/api/proposals")).json();
    expect(a.items.map((p: Proposal) => p.id)).toEqual([pA.id, pADenied.id]);
    expect((await get(supA, `/api/proposals/${pB.id}`)).statusCode).toBe(404);
    expect((await get(supB, `/api/proposals/${pA.id}`)).statusCode).toBe(404);
    expect((await get(supB, `/api/proposals/${pB.id}`)).statusCode).toBe(200);
  });

  it("filters by status and type and sorts oldest first on request", async () => {
    const pending = (await get(supA, "/api/proposals?status=Pending")).json();
    expect(pending.items.map((p: Proposal) => p.id)).toEqual([pA.id]);
    expect(pending.total).toBe(1);
    const projects = (await get(supA, "/api/proposals?type=Project")).json();
    expect(projects.items.map((p: Proposal) => p.id)).toEqual([pADenied.id]);
    const oldest = (await get(a1, "/api/proposals?order=oldest")).json();
    expect(oldest.items.map((p: Proposal) => p.id)).toEqual([pADenied.id, pA.id]);
  });

  it("active=true lists only active proposals (not Denied), with the other filters; false lists all", async () => {
    const ids = async (u: TestUser, query: string) => {
      const res = await get(u, `/api/proposals?${query}`);
      expect(res.statusCode).toBe(200);
      const { items, total } = res.json();
      return { ids: items.map((p: Proposal) => p.id), total };
    };
    // supA has pA (Pending) and pADenied: only pA is one of their groups.
    expect(await ids(supA, "active=true")).toEqual({ ids: [pA.id], total: 1 });
    expect(await ids(supA, "active=false")).toEqual({ ids: [pA.id, pADenied.id], total: 2 });
    expect(await ids(supA, "active=true&type=Project")).toEqual({ ids: [], total: 0 });
    expect(await ids(supA, "active=true&type=Thesis")).toEqual({ ids: [pA.id], total: 1 });
    expect(await ids(supA, "active=true&status=Denied")).toEqual({ ids: [], total: 0 });
    // An Approved proposal is active too.
    const { supervisor, cell } = await cellWithSupervisor();
    const s = await makeStudent(t);
    const approved = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [s.id],
      cellId: cell.id,
      status: "Approved",
    });
    expect(await ids(supervisor, "active=true")).toEqual({ ids: [approved.id], total: 1 });
    // The same filter for every role: a student's, and the committee's over everything.
    expect(await ids(a1, "active=true")).toEqual({ ids: [pA.id], total: 1 });
    const all = (await get(committee, "/api/proposals?active=true&pageSize=100")).json();
    expect(all.items.map((p: Proposal) => p.status)).not.toContain("Denied");
    expect(all.items.map((p: Proposal) => p.id)).toEqual(expect.arrayContaining([pA.id, pB.id, approved.id]));
    expect(all.items.map((p: Proposal) => p.id)).not.toContain(pADenied.id);
  });

  it("pages and filters a student's list like every other (its own statement)", async () => {
    // Newest first: pA, then pADenied (a Project).
    const page = async (query: string) => {
      const { items, total } = (await get(a1, `/api/proposals?${query}`)).json();
      return { ids: items.map((p: Proposal) => p.id), total };
    };
    expect(await page("pageSize=1&page=1")).toEqual({ ids: [pA.id], total: 2 });
    expect(await page("pageSize=1&page=2")).toEqual({ ids: [pADenied.id], total: 2 });
    expect(await page("pageSize=1&page=3")).toEqual({ ids: [], total: 2 });
    expect(await page("pageSize=1&page=1&order=oldest")).toEqual({ ids: [pADenied.id], total: 2 });
    expect(await page("status=Denied")).toEqual({ ids: [pADenied.id], total: 1 });
    expect(await page("type=Project&status=Pending")).toEqual({ ids: [], total: 0 });
    expect(await page("status=Pending&page=2")).toEqual({ ids: [], total: 1 });
    // A member who did not create the proposal sees only what they belong to.
    expect((await get(a2, "/api/proposals?status=Denied")).json()).toEqual({
      items: [],
      total: 0,
      capped: false,
    });
  });

  it("lets the committee see every proposal, paged, with the total", async () => {
    const all = (await get(committee, "/api/proposals?pageSize=100")).json();
    expect(all.items.length).toBe(all.total);
    const ids = all.items.map((p: Proposal) => p.id);
    expect(ids).toEqual(expect.arrayContaining([pA.id, pB.id, pADenied.id]));
    const times = all.items.map((p: Proposal) => Date.parse(p.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const page1 = (await get(committee, "/api/proposals?pageSize=2&page=1")).json();
    const page2 = (await get(committee, "/api/proposals?pageSize=2&page=2")).json();
    expect(page1.total).toBe(all.total);
    expect(page1.items.map((p: Proposal) => p.id)).toEqual(ids.slice(0, 2));
    expect(page2.items.map((p: Proposal) => p.id)).toEqual(ids.slice(2, 4));
    const beyond = (await get(committee, "/api/proposals?page=1000")).json();
    expect(beyond).toEqual({ items: [], total: all.total, capped: false });
    expect((await get(committee, `/api/proposals/${pB.id}`)).statusCode).toBe(200);
  });

  it("refuses bad query values and ids with 400, and unknown ids with 404", async () => {
    const bad = await get(
      committee,
      "/api/proposals?status=Lost&type=Essay&pageSize=1000&page=0&order=random&active=yes",
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      "active",
      "order",
      "page",
      "pageSize",
      "status",
      "type",
    ]);
    const badId = await get(committee, "/api/proposals/not-an-id");
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toEqual({ id: "Invalid id." });
    expect((await get(committee, `/api/proposals/${randomUUID()}`)).statusCode).toBe(404);
  });
});
