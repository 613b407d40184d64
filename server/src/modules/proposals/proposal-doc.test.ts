import type { Proposal } from "@shared/schemas/proposals";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proposalMembers, users } from "../../db/schema";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
} from "../../test/app";
import { makeCell, makeProposal } from "../../test/factories";
import { emails } from "../outbox/emails";
import { emailTemplate } from "../outbox/outbox.service";
import { submitProposal } from "./proposals.repository";

// proposals.doc (migration 0007) is what every proposal read sends. These tests change each
// thing a proposal shows — from the proposal itself and from elsewhere — and read it back.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const read = async (user: TestUser, id: string): Promise<Proposal> => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/proposals/${id}`,
    headers: sessionHeaders(user),
  });
  expect(res.statusCode).toBe(200);
  return res.json().proposal;
};

/** Every stored doc is what building it afresh gives, and none is missing. */
async function expectEveryDocCurrent() {
  const res = (await t.database.db.execute(
    sql`select count(*) filter (where doc is null)::int as missing,
               count(*) filter (where doc is distinct from thesisdesk_proposal_doc(proposals))::int as stale
          from proposals`,
  )) as unknown as { rows: { missing: number; stale: number }[] };
  expect(res.rows[0]).toEqual({ missing: 0, stale: 0 });
}

describe("the stored proposal JSON (proposals.doc)", () => {
  let supervisor: TestUser;
  let a: TestUser;
  let b: TestUser;
  let committee: TestUser;
  let cell: { id: string; title: string };
  let proposal: Proposal;

  beforeAll(async () => {
    supervisor = await makeSupervisor(t, { name: "Dr Before" });
    [a, b] = [await makeStudent(t, { name: "Ann Before" }), await makeStudent(t)];
    committee = await makeCommittee(t);
    cell = await makeCell(t, [supervisor.id]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/proposals",
      headers: sessionHeaders(a),
      payload: {
        title: "Kept current",
        abstract: "By the database.",
        type: "Thesis",
        researchCellId: cell.id,
        supervisorId: supervisor.id,
        memberIds: [b.id],
      },
    });
    expect(res.statusCode).toBe(201);
    proposal = res.json().proposal;
  });

  it("holds the members of a submission (inserted in the same statement as the proposal)", async () => {
    expect(await read(a, proposal.id)).toEqual(proposal);
    expect(proposal.members.map((m) => m.id)).toEqual([a.id, b.id]);
    // Proposals written the other way too: the proposal first, its members in a second statement.
    const other = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [(await makeStudent(t)).id],
    });
    expect((await read(supervisor, other.id)).members).toHaveLength(1);
    await expectEveryDocCurrent();
  });

  it("is written once by a submission: the proposal row is not updated after its insert", async () => {
    const student = await makeStudent(t);
    // In a transaction that is rolled back: a trigger that refuses any update of a proposal.
    const rolledBack = new Error("rolled back");
    let checked: { current: boolean } | undefined;
    const outcome = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`create function pg_temp.refuse_update() returns trigger language plpgsql as $$
          begin raise exception 'a proposal row was updated'; end $$`);
        await tx.execute(sql`create trigger refuse_update after update on proposals
          for each row execute function pg_temp.refuse_update()`);
        const { inserted } = await submitProposal(
          tx,
          {
            title: "Written once",
            abstract: "With its members.",
            type: "Project",
            researchCellId: cell.id,
            supervisorId: supervisor.id,
            createdBy: student.id,
            requestId: null,
          },
          [student.id],
          emailTemplate(
            emails.proposalSubmitted("http://localhost", { title: "Written once", by: student.name }),
          ),
        );
        const res = (await tx.execute(
          sql`select doc = thesisdesk_proposal_doc(p) as current from proposals p where id = ${inserted!.id}`,
        )) as unknown as { rows: { current: boolean }[] };
        checked = res.rows[0];
        throw rolledBack;
      })
      .catch((err: unknown) => err);
    expect(outcome).toBe(rolledBack);
    expect(checked).toEqual({ current: true });
  });

  it("follows a member's new name (profile) and student ID, and the supervisor's new name and email", async () => {
    const renamed = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: sessionHeaders(a),
      payload: { name: "Ann After" },
    });
    expect(renamed.statusCode).toBe(200);
    await t.database.db.update(users).set({ studentId: "NEW-ID-1" }).where(eq(users.id, b.id));
    await t.database.db
      .update(users)
      .set({ name: "Dr After", email: "dr.after@example.edu" })
      .where(eq(users.id, supervisor.id));

    const now = await read(a, proposal.id);
    expect(now.createdBy).toEqual({ id: a.id, name: "Ann After" });
    expect(now.members.map((m) => [m.name, m.studentId])).toEqual([
      ["Ann After", a.studentId],
      [b.name, "NEW-ID-1"],
    ]);
    expect(now.supervisor).toEqual({ id: supervisor.id, name: "Dr After", email: "dr.after@example.edu" });
    await expectEveryDocCurrent();
  });

  it("follows its cell's new title", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/research-cells/${cell.id}`,
      headers: sessionHeaders(committee),
      payload: { title: "Renamed cell", description: "Still the same cell." },
    });
    expect(res.statusCode).toBe(200);
    expect((await read(b, proposal.id)).researchCell).toEqual({ id: cell.id, title: "Renamed cell" });
    await expectEveryDocCurrent();
  });

  it("follows the review: status, feedback, time and reviewer; a denial's release changes nothing else", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/proposals/${proposal.id}/review`,
      headers: sessionHeaders(supervisor),
      payload: { status: "Denied", feedback: "Narrow it down." },
    });
    expect(res.statusCode).toBe(200);
    const now = await read(a, proposal.id);
    expect(now).toMatchObject({
      status: "Denied",
      feedback: "Narrow it down.",
      reviewedBy: { id: supervisor.id, name: "Dr After" },
    });
    expect(now.reviewedAt).toBe(new Date(now.reviewedAt!).toISOString());
    expect(now).toEqual(res.json().proposal);
    // The members were released (active = false) and are still shown.
    const rows = await t.database.db
      .select()
      .from(proposalMembers)
      .where(eq(proposalMembers.proposalId, proposal.id));
    expect(rows.every((r) => !r.active)).toBe(true);
    expect(now.members).toHaveLength(2);
    await expectEveryDocCurrent();
  });

  it("follows a member removed or moved (nothing in the product does either today)", async () => {
    await t.database.db.update(proposalMembers).set({ position: 5 }).where(eq(proposalMembers.userId, b.id));
    expect((await read(a, proposal.id)).members.map((m) => m.position)).toEqual([0, 5]);
    await t.database.db.delete(proposalMembers).where(eq(proposalMembers.userId, b.id));
    expect((await read(a, proposal.id)).members.map((m) => m.id)).toEqual([a.id]);
    await expectEveryDocCurrent();
  });
});
