import { MSG } from "@shared/messages";
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
import { makeCell, makeProposal } from "../../test/factories";

/**
 * Groups by consent (DESIGN.md §9): naming students invites them; nobody is put into a group, or
 * kept from submitting, by someone else.
 */

let t: TestContext;
let supervisor: TestUser;
let cellId: string;
beforeAll(async () => {
  t = await createTestApp();
  supervisor = await makeSupervisor(t, { name: "Prof. Consent" });
  cellId = (await makeCell(t, [supervisor.id])).id;
});
afterAll(async () => t?.close());

const call = (user: TestUser | null, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload: payload ?? (method === "POST" ? {} : undefined),
    headers: sessionHeaders(user),
  });

async function submit(creator: TestUser, invitees: TestUser[], title = `Group of ${creator.name}`) {
  const res = await call(creator, "POST", "/api/proposals", {
    title,
    abstract: "Built together.",
    type: "Project",
    researchCellId: cellId,
    supervisorId: supervisor.id,
    memberIds: invitees.map((i) => i.id),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().proposal as { id: string; title: string; status: string };
}
const answer = (u: TestUser, id: string, accept: boolean) =>
  call(u, "POST", `/api/proposals/${id}/invitation`, { accept });
const statusOf = async (id: string) =>
  (await selectRows<{ status: string }>(t.database.db, sql`select status from proposals where id = ${id}`))[0]
    ?.status;
const emails = (userId: string, kind: string) =>
  selectRows<{ subject: string; body: string }>(
    t.database.db,
    sql`select subject, body from outbox where user_id = ${userId} and kind = ${kind} order by id`,
  );
const timeline = async (user: TestUser, id: string) =>
  (await call(user, "GET", `/api/proposals/${id}/timeline`)).json().items as {
    action: string;
    kind: string;
    actor: { id: string } | null;
    subject: { name: string } | null;
    from: string | null;
    to: string | null;
    note: string | null;
  }[];
const students = (n: number, prefix = "Student") =>
  Promise.all(Array.from({ length: n }, (_, i) => makeStudent(t, { name: `${prefix} ${i + 1}` })));

describe("invitations", () => {
  it("an invitee sees who invites them, reads the proposal, and has no chat or notices until they accept", async () => {
    const [creator, invitee, other] = await students(3, "Reader");
    const p = await submit(creator, [invitee, other], "Shared reading");
    const list = (await call(invitee, "GET", "/api/invitations")).json().items;
    expect(list).toEqual([
      expect.objectContaining({
        proposalId: p.id,
        title: "Shared reading",
        by: { id: creator.id, name: creator.name },
        supervisor: { id: supervisor.id, name: supervisor.name },
        members: [
          { id: creator.id, name: creator.name, state: "accepted" },
          { id: other.id, name: other.name, state: "invited" },
        ],
      }),
    ]);
    expect((await call(invitee, "GET", `/api/proposals/${p.id}`)).statusCode).toBe(200);
    expect((await call(invitee, "GET", `/api/proposals/${p.id}/messages`)).statusCode).toBe(404);
    expect((await call(invitee, "POST", `/api/proposals/${p.id}/messages`, { body: "Hi" })).statusCode).toBe(
      404,
    );
    // The supervisor does not see it yet, so sends it no notice.
    expect((await call(supervisor, "GET", `/api/proposals/${p.id}`)).statusCode).toBe(404);
    expect(
      (
        await call(supervisor, "POST", "/api/notices", {
          proposalId: p.id,
          title: "Hello",
          description: "Hi.",
        })
      ).statusCode,
    ).toBe(404);
    // Declined: the proposal is no longer theirs to open.
    expect((await answer(invitee, p.id, false)).statusCode).toBe(200);
    expect((await call(invitee, "GET", `/api/proposals/${p.id}`)).statusCode).toBe(404);
    expect((await call(invitee, "GET", "/api/invitations")).json().items).toEqual([]);
  });

  it("is Pending only once nobody is left to answer; the supervisor and the creator are told", async () => {
    const [creator, a, b] = await students(3, "Pair");
    const p = await submit(creator, [a, b]);
    expect(p.status).toBe("Awaiting members");
    expect(await emails(supervisor.id, "proposal.submitted")).toHaveLength(0);

    const declined = await answer(a, p.id, false);
    expect(declined.json()).toEqual({ proposal: null });
    expect(await statusOf(p.id)).toBe("Awaiting members");
    const accepted = await answer(b, p.id, true);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().proposal).toMatchObject({ id: p.id, status: "Pending" });
    expect(
      accepted.json().proposal.members.map((m: { id: string; state: string }) => [m.id, m.state]),
    ).toEqual([
      [creator.id, "accepted"],
      [b.id, "accepted"],
    ]);
    expect((await call(supervisor, "GET", `/api/proposals/${p.id}`)).statusCode).toBe(200);
    // One email per answer; the last also says the group is complete (answers-told.test.ts).
    const told = await emails(creator.id, "proposal.changed");
    expect(told.map((e) => e.subject)).toEqual([
      `${a.name} declined your invitation: ${p.title}`,
      `${b.name} joined your group: ${p.title}`,
    ]);
    expect(told[1].body).toContain("Everyone invited has answered");
    expect(await emails(supervisor.id, "proposal.submitted")).toHaveLength(1);
    // Answering again is refused and changes nothing.
    expect((await answer(b, p.id, false)).statusCode).toBe(409);
    const again = await answer(a, p.id, true);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MSG.invitationClosed);

    const rows = await timeline(creator, p.id);
    expect(rows.map((r) => `${r.kind}.${r.action} ${r.from ?? "—"}→${r.to}`)).toEqual([
      "proposal.submit —→Awaiting members",
      "invitation.invite —→null",
      "invitation.invite —→null",
      "invitation.decline Awaiting members→Awaiting members",
      "invitation.accept Awaiting members→Pending",
    ]);
  });

  it("accepting takes the student's one place: refused with the reason when they hold one, changing nothing", async () => {
    const [creator, busy] = await students(2, "Busy");
    const p = await submit(creator, [busy]);
    // A place taken by a path that did not decline this invitation (as a racing answer would).
    await makeProposal(t, { supervisorId: supervisor.id, cellId, memberIds: [busy.id] });
    const members = () =>
      selectRows(
        t.database.db,
        sql`select state, active from proposal_members where proposal_id = ${p.id} order by position`,
      );
    const before = await members();
    const res = await answer(busy, p.id, true);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MSG.alreadyInActiveProposal(busy.name));
    expect(await members()).toEqual(before);
    expect(await statusOf(p.id)).toBe("Awaiting members");
    // Declining is always possible.
    expect((await answer(busy, p.id, false)).statusCode).toBe(200);
    expect(await statusOf(p.id)).toBe("Pending");
  });

  it("taking a place declines the student's other open invitations in the same transaction, and each creator is told", async () => {
    const [c1, c2, c3, joiner, stays] = await students(5, "Many");
    const p1 = await submit(c1, [joiner]);
    const p2 = await submit(c2, [joiner, stays]);
    const p3 = await submit(c3, [joiner]);
    expect((await answer(joiner, p1.id, true)).statusCode).toBe(200);
    // p2 waits for `stays`; p3 had only `joiner` to wait for, so it is complete and reaches its supervisor.
    expect(await statusOf(p2.id)).toBe("Awaiting members");
    expect(await statusOf(p3.id)).toBe("Pending");
    for (const creator of [c2, c3])
      expect((await emails(creator.id, "proposal.changed")).map((e) => e.subject)).toContain(
        `${joiner.name} declined your invitation: Group of ${creator.name}`,
      );
    const rows = await timeline(c2, p2.id);
    expect(rows.at(-1)).toMatchObject({
      kind: "invitation",
      action: "joinedElsewhere",
      actor: { id: joiner.id },
    });
    expect((await call(joiner, "GET", "/api/invitations")).json().items).toEqual([]);

    // Submitting one's own proposal takes a place too.
    const [c4, submitter] = await students(2, "Own");
    const p4 = await submit(c4, [submitter]);
    await submit(submitter, []);
    expect(await statusOf(p4.id)).toBe("Pending");
  });

  it("an accepted member may leave before the proposal reaches a supervisor; the creator withdraws instead", async () => {
    const [creator, leaver, waits] = await students(3, "Leave");
    const p = await submit(creator, [leaver, waits]);
    await answer(leaver, p.id, true);
    const creatorLeaves = await call(creator, "POST", `/api/proposals/${p.id}/leave`);
    expect(creatorLeaves.statusCode).toBe(409);
    expect(creatorLeaves.json().error.message).toBe(MSG.creatorCannotLeave);
    expect((await call(leaver, "POST", `/api/proposals/${p.id}/leave`)).statusCode).toBe(200);
    expect((await call(leaver, "GET", `/api/proposals/${p.id}`)).statusCode).toBe(404);
    // Their place is free again: they may submit their own.
    expect((await submit(leaver, [])).status).toBe("Pending");
    expect((await emails(creator.id, "proposal.changed")).map((e) => e.subject)).toContain(
      `${leaver.name} left your group: ${p.title}`,
    );
    // Once Pending, nobody leaves.
    await answer(waits, p.id, true);
    expect(await statusOf(p.id)).toBe("Pending");
    const late = await call(waits, "POST", `/api/proposals/${p.id}/leave`);
    expect(late.statusCode).toBe(409);
  });
});

describe("withdraw", () => {
  it("the creator withdraws with a reason: members freed, open invitations cancelled, the supervisor told once it reached them", async () => {
    const [creator, member, invited] = await students(3, "Withdraw");
    const p = await submit(creator, [member, invited]);
    await answer(member, p.id, true);
    const notCreator = await call(member, "POST", `/api/proposals/${p.id}/withdraw`, { reason: "" });
    expect(notCreator.statusCode).toBe(403);
    const res = await call(creator, "POST", `/api/proposals/${p.id}/withdraw`, { reason: "We split up." });
    expect(res.statusCode).toBe(200);
    expect(res.json().proposal.status).toBe("Withdrawn");
    const memberships = await selectRows<{ user_id: string; state: string; active: boolean }>(
      t.database.db,
      sql`select user_id, state, active from proposal_members where proposal_id = ${p.id} order by position`,
    );
    expect(memberships).toEqual([
      { user_id: creator.id, state: "accepted", active: false },
      { user_id: member.id, state: "accepted", active: false },
      { user_id: invited.id, state: "cancelled", active: false },
    ]);
    expect((await emails(invited.id, "proposal.changed")).map((e) => e.subject)).toContain(
      `Invitation withdrawn: ${p.title}`,
    );
    expect((await emails(member.id, "proposal.changed"))[0].body).toContain("We split up.");
    // It never reached the supervisor, who is not told and still cannot see it.
    expect((await call(supervisor, "GET", `/api/proposals/${p.id}`)).statusCode).toBe(404);
    // Everyone is free: the member submits their own.
    expect((await submit(member, [])).status).toBe("Pending");
    // A second withdrawal finds it Withdrawn.
    expect((await call(creator, "POST", `/api/proposals/${p.id}/withdraw`, {})).statusCode).toBe(409);
  });
});

describe("the committee withdraws what a deactivated account leaves behind (DESIGN.md §12)", () => {
  it("needs a reason; the group is freed and told", async () => {
    const committee = await makeCommittee(t);
    const [creator] = await students(1, "Left behind");
    const p = await submit(creator, []);
    const noReason = await call(committee, "POST", `/api/proposals/${p.id}/withdraw`, { reason: "" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: MSG.withdrawReasonRequired });
    const res = await call(committee, "POST", `/api/proposals/${p.id}/withdraw`, {
      reason: "The creator has left.",
    });
    expect(res.json().proposal.status).toBe("Withdrawn");
    expect((await emails(creator.id, "proposal.changed"))[0].body).toContain("The creator has left.");
    expect((await submit(creator, [])).status).toBe("Pending");
    // A supervisor never withdraws.
    const q = await submit((await students(1, "Kept"))[0], []);
    expect(
      (await call(supervisor, "POST", `/api/proposals/${q.id}/withdraw`, { reason: "x" })).statusCode,
    ).toBe(403);
  });
});

describe("races", () => {
  it("a student accepting two invitations at once joins exactly one", async () => {
    for (let round = 0; round < 5; round++) {
      const [c1, c2, joiner] = await students(3, `Race ${round}`);
      const p1 = await submit(c1, [joiner]);
      const p2 = await submit(c2, [joiner]);
      const [r1, r2] = await Promise.all([answer(joiner, p1.id, true), answer(joiner, p2.id, true)]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
      const refused = r1.statusCode === 409 ? r1 : r2;
      expect([MSG.invitationClosed, MSG.alreadyInActiveProposal(joiner.name)]).toContain(
        refused.json().error.message,
      );
      const places = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from proposal_members where user_id = ${joiner.id} and active`,
      );
      expect(places[0].n).toBe(1);
      // The other invitation ended declined, and its proposal went on.
      expect([await statusOf(p1.id), await statusOf(p2.id)]).toEqual(["Pending", "Pending"]);
    }
  });

  it("answers racing on one proposal complete it exactly once", async () => {
    const [creator, a, b] = await students(3, "Together");
    const p = await submit(creator, [a, b]);
    const results = await Promise.all([answer(a, p.id, true), answer(b, p.id, false)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await statusOf(p.id)).toBe("Pending");
    expect(await emails(supervisor.id, "proposal.submitted")).toEqual(
      expect.arrayContaining([expect.objectContaining({ subject: `New proposal to review: ${p.title}` })]),
    );
    const mine = (await emails(supervisor.id, "proposal.submitted")).filter((e) =>
      e.subject.endsWith(p.title),
    );
    expect(mine).toHaveLength(1);
  });

  it("10 simultaneous transitions on one proposal: exactly one wins, the others get 409 and change nothing", async () => {
    const [creator] = await students(1, "Contested");
    const p = await submit(creator, []);
    // Whichever lands first, none of the others may follow it.
    const requests = Array.from({ length: 10 }, (_, i) =>
      i % 2
        ? call(creator, "POST", `/api/proposals/${p.id}/withdraw`, { reason: `Withdraw ${i}` })
        : call(supervisor, "POST", `/api/proposals/${p.id}/review`, {
            status: i % 4 ? "Approved" : "Denied",
            feedback: `Review ${i}`,
          }),
    );
    const results = await Promise.all(requests);
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const rows = await timeline(creator, p.id);
    expect(rows.filter((r) => r.kind === "proposal" && r.action !== "submit")).toHaveLength(1);
  });
});
