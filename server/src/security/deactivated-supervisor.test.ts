import { MSG } from "@shared/messages";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../db/query";
import { allocationTerm, caller, currentTermId, offerTopic, rankingGroup } from "../test/allocation";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  type TestContext,
  type TestUser,
} from "../test/app";
import { makeCell, makeProposal } from "../test/factories";

/**
 * Issue 28, item 8 (DESIGN.md §21): a deactivated teacher gets no new proposal in any way
 * (submission, reassign, allocation, place by hand) and their topics leave the offer, until they
 * are reactivated.
 */

let t: TestContext;
let committee: TestUser;
let directTerm: string;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  committee = await makeCommittee(t);
  call = caller(t);
  directTerm = await currentTermId(t, committee);
});
afterAll(async () => t?.close());

const deactivate = async (u: TestUser) =>
  expect((await call(committee, "POST", `/api/users/${u.id}/deactivate`)).statusCode).toBe(200);
const reactivate = async (u: TestUser) =>
  expect((await call(committee, "POST", `/api/users/${u.id}/reactivate`)).statusCode).toBe(200);
const refused = (u: { name: string }) => MSG.supervisorDeactivated(u.name);
const proposalsWith = (supervisorId: string) =>
  selectRows<{ id: string }>(
    t.database.db,
    sql`select id from proposals where supervisor_id = ${supervisorId}`,
  );

describe("a direct term", () => {
  beforeAll(async () => {
    await call(committee, "POST", `/api/terms/${directTerm}/current`);
  });

  it("a submission to a deactivated supervisor is refused, naming them, and nothing is created", async () => {
    const ada = await makeSupervisor(t, { name: "Prof. Deactivated Ada" });
    const cell = await makeCell(t, [ada.id]);
    await deactivate(ada);
    const student = await makeStudent(t);
    const res = await call(student, "POST", "/api/proposals", {
      title: "A title",
      abstract: "An abstract.",
      type: "Thesis",
      researchCellId: cell.id,
      supervisorId: ada.id,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      message: refused(ada),
      fields: { supervisorId: refused(ada) },
    });
    expect(await proposalsWith(ada.id)).toEqual([]);
    // The picker leaves them out until they are reactivated.
    const picker = async () =>
      (await call(student, "GET", `/api/supervisors?researchCellId=${cell.id}`))
        .json()
        .items.map((s: { id: string }) => s.id);
    expect(await picker()).toEqual([]);
    await reactivate(ada);
    expect(await picker()).toEqual([ada.id]);
  });

  it("reassigning to a deactivated supervisor is 409 and the proposal stays", async () => {
    const [ada, bo] = [await makeSupervisor(t), await makeSupervisor(t)];
    const cell = await makeCell(t, [ada.id, bo.id]);
    const p = await makeProposal(t, {
      supervisorId: bo.id,
      cellId: cell.id,
      memberIds: [(await makeStudent(t)).id],
    });
    await deactivate(ada);
    const res = await call(committee, "POST", `/api/proposals/${p.id}/reassign`, { supervisorId: ada.id });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(refused(ada));
    expect(await proposalsWith(ada.id)).toEqual([]);
    expect(await proposalsWith(bo.id)).toEqual([{ id: p.id }]);
  });

  it("a deactivation racing submissions never leaves a proposal made after it", async () => {
    for (let round = 0; round < 3; round++) {
      const ada = await makeSupervisor(t);
      const cell = await makeCell(t, [ada.id]);
      const students = await Promise.all(Array.from({ length: 6 }, () => makeStudent(t)));
      const submit = (s: TestUser) =>
        call(s, "POST", "/api/proposals", {
          title: "Racing",
          abstract: "An abstract.",
          type: "Thesis",
          researchCellId: cell.id,
          supervisorId: ada.id,
        });
      const results = await Promise.all([
        ...students.slice(0, 3).map(submit),
        call(committee, "POST", `/api/users/${ada.id}/deactivate`),
        ...students.slice(3).map(submit),
      ]);
      expect(results[3].statusCode).toBe(200);
      const submissions = results.filter((_, i) => i !== 3);
      for (const r of submissions) expect([201, 409], r.body).toContain(r.statusCode);
      for (const r of submissions.filter((x) => x.statusCode === 409))
        expect(r.json().error.message).toBe(refused(ada));
      // Every proposal that reached them was made before the deactivation: its submission's row
      // of the activity log comes before the deactivation's.
      const order = await selectRows<{ action: string; id: number }>(
        t.database.db,
        sql`select a.action, a.id::int from activity a
             where (a.kind = 'account' and a.action = 'deactivate' and a.subject_id = ${ada.id})
                or (a.action = 'submit' and a.proposal_id in (select id from proposals where supervisor_id = ${ada.id}))
             order by a.id`,
      );
      expect(order.at(-1)?.action).toBe("deactivate");
      expect(order.filter((r) => r.action === "submit")).toHaveLength(
        submissions.filter((r) => r.statusCode === 201).length,
      );
    }
  });
});

describe("an allocation term", () => {
  it("their topics leave the offer and the run: groups fall to their next choice; reactivation brings them back", async () => {
    const { term, ada, bo, cell } = await allocationTerm(t, committee, { capacity: 3 });
    try {
      const x = await offerTopic(t, ada, term.id, cell.id, "Ada's topic", 3);
      const y = await offerTopic(t, bo, term.id, cell.id, "Bo's topic", 3);
      const g = await rankingGroup(t, [x.id, y.id]);
      await deactivate(ada);
      const offered = async () =>
        (await call(g.student, "GET", `/api/topics?termId=${term.id}`))
          .json()
          .items.map((i: { id: string }) => i.id);
      expect(await offered()).toEqual([y.id]);
      // Not ranked anew either.
      const ranked = await call(await makeStudent(t), "POST", "/api/proposals", {
        type: "Thesis",
        preferences: [x.id],
      });
      expect(ranked.statusCode).toBe(400);
      expect(ranked.json().error.fields).toEqual({ topicIds: refused(ada) });

      expect((await call(committee, "POST", `/api/terms/${term.id}/allocation`)).statusCode).toBe(200);
      const draft = (await call(committee, "GET", `/api/terms/${term.id}/allocation`)).json();
      expect(draft.topics.map((i: { id: string }) => i.id)).toEqual([y.id]);
      expect(draft.draft.assignments).toEqual([
        // Its rank among the topics still offered (decision 0042).
        expect.objectContaining({ proposalId: g.proposal.id, topicId: y.id, rank: 1 }),
      ]);
      // Moving a group onto their topic by hand is refused too.
      const moved = await call(committee, "PATCH", `/api/terms/${term.id}/allocation`, {
        proposalId: g.proposal.id,
        topicId: x.id,
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().error.message).toBe(refused(ada));

      await reactivate(ada);
      expect((await offered()).sort()).toEqual([x.id, y.id].sort());
      await call(committee, "POST", `/api/terms/${term.id}/allocation`);
      expect(
        (await call(committee, "GET", `/api/terms/${term.id}/allocation`)).json().draft.assignments,
      ).toEqual([expect.objectContaining({ proposalId: g.proposal.id, topicId: x.id, rank: 1 })]);
    } finally {
      await call(committee, "POST", `/api/terms/${directTerm}/current`);
    }
  });

  it("placing a group by hand on their topic is refused, and the group stays", async () => {
    const { term, ada, cell } = await allocationTerm(t, committee, { capacity: 1 });
    try {
      const x = await offerTopic(t, ada, term.id, cell.id, "Ada's topic", 2);
      await rankingGroup(t, [x.id]);
      const g2 = await rankingGroup(t, [x.id]);
      await call(committee, "POST", `/api/terms/${term.id}/allocation`);
      const published = await call(committee, "POST", `/api/terms/${term.id}/allocation/publish`);
      expect(published.json()).toEqual({ placed: 1, unmatched: 1 });
      const unmatched = (await call(g2.student, "GET", `/api/proposals/${g2.proposal.id}`)).json().proposal;
      const left = unmatched.status === "Awaiting allocation" ? g2.proposal.id : undefined;
      const proposalId =
        left ??
        (
          await selectRows<{ id: string }>(
            t.database.db,
            sql`select id from proposals where term_id = ${term.id} and status = 'Awaiting allocation'`,
          )
        )[0].id;
      // Ada has room again, but she is deactivated.
      await call(committee, "PUT", `/api/terms/${term.id}/capacities/${ada.id}`, { capacity: 2 });
      await deactivate(ada);
      const res = await call(committee, "POST", `/api/proposals/${proposalId}/place`, { topicId: x.id });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(refused(ada));
      const [row] = await selectRows<{ status: string; supervisor_id: string | null }>(
        t.database.db,
        sql`select status, supervisor_id from proposals where id = ${proposalId}`,
      );
      expect(row).toEqual({ status: "Awaiting allocation", supervisor_id: null });
    } finally {
      await call(committee, "POST", `/api/terms/${directTerm}/current`);
    }
  });
});
