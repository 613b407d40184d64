import { randomUUID } from "node:crypto";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { formatInZone } from "@shared/time";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRow, selectRows } from "../db/query";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
  unique,
} from "../test/app";
import { makeCell } from "../test/factories";
import { outboxFor } from "../test/mail";

/**
 * DESIGN.md §21: an invitation cannot be accepted once its term's submissions are closed (the
 * server's clock decides, in the answer's transaction), and a student sends a limited number of
 * invitations a day, so submitting and withdrawing again and again cannot flood anyone with email.
 */

const ZONE = "Europe/Berlin";
let clock = new Date("2027-05-03T09:00:00Z");
let t: TestContext;
let committee: TestUser;
let supervisor: TestUser;
let cellId: string;
let defaultTerm: string;

beforeAll(async () => {
  t = await createTestApp({ timeZone: ZONE }, { now: () => clock, outbox: { pollMs: 3_600_000 } });
  [committee, supervisor] = await Promise.all([makeCommittee(t), makeSupervisor(t)]);
  cellId = (await makeCell(t, [supervisor.id])).id;
  defaultTerm = (await get(committee, "/api/terms"))
    .json()
    .items.find((x: { current: boolean }) => x.current).id;
});
afterAll(async () => t?.close());

const get = (user: TestUser, url: string) =>
  t.app.inject({ method: "GET", url, headers: sessionHeaders(user) });
const post = (user: TestUser, url: string, payload: object = {}) =>
  t.app.inject({ method: "POST", url, payload, headers: sessionHeaders(user) });

const submission = (invitees: TestUser[], extra: object = {}) => ({
  title: `Invitations ${unique("p")}`,
  abstract: "Who may be asked, and until when.",
  type: "Thesis",
  researchCellId: cellId,
  supervisorId: supervisor.id,
  memberIds: invitees.map((i) => i.id),
  ...extra,
});
async function submit(creator: TestUser, invitees: TestUser[]) {
  const res = await post(creator, "/api/proposals", submission(invitees));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().proposal as { id: string };
}
const withdraw = async (creator: TestUser, id: string) =>
  expect((await post(creator, `/api/proposals/${id}/withdraw`, {})).statusCode).toBe(200);

const membership = async (proposalId: string, userId: string) =>
  (await selectRow<{ state: string; active: boolean }>(
    t.database.db,
    sql`select state, active from proposal_members where proposal_id = ${proposalId} and user_id = ${userId}`,
  ))!;
/** What a refused request must leave as it was: the proposal, its members, its log, the outbox. */
const snapshot = async (proposalId: string) =>
  selectRows(
    t.database.db,
    sql`select p.status, p.pending_since,
               (select json_agg(json_build_object('u', m.user_id, 's', m.state, 'a', m.active) order by m.position)
                  from proposal_members m where m.proposal_id = p.id) as members,
               (select count(*)::int from activity a where a.proposal_id = p.id) as activity,
               (select count(*)::int from outbox) as emails
          from proposals p where p.id = ${proposalId}`,
  );
const proposalsBy = async (userId: string) =>
  (await selectRow<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from proposals where created_by = ${userId}`,
  ))!.n;
async function runCloseInvitations() {
  await t.database.db.execute(
    sql`update scheduled_jobs set next_run_at = ${clock.toISOString()}::timestamptz where name = 'close-invitations'`,
  );
  return t.app.scheduler.runDue();
}

/** A new current term whose submissions close at `closeAt`, for the length of `fn`. */
async function inTerm(closeAt: string, fn: (termName: string) => Promise<void>) {
  const name = `Term ${unique("i")}`;
  const term = (await post(committee, "/api/terms", { name, submissionsCloseAt: closeAt })).json().term;
  expect((await post(committee, `/api/terms/${term.id}/current`)).statusCode).toBe(200);
  try {
    await fn(name);
  } finally {
    await post(committee, `/api/terms/${defaultTerm}/current`);
  }
}

describe("an invitation after the term's submissions closed", () => {
  it("cannot be accepted: 409 naming the term, nothing changed, and the close job then declines it", async () => {
    clock = new Date("2027-05-03T09:00:00Z");
    await inTerm("2027-05-05T12:00:00Z", async (term) => {
      const [creator, late] = await Promise.all([makeStudent(t), makeStudent(t)]);
      const p = await submit(creator, [late]);
      const invitations = (await get(late, "/api/invitations")).json().items;
      expect(invitations[0].term.submissionsCloseAt).toBe("2027-05-05T12:00:00.000Z");

      clock = new Date("2027-05-05T12:00:01Z");
      const before = await snapshot(p.id);
      const res = await post(late, `/api/proposals/${p.id}/invitation`, { accept: true });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: "CONFLICT", message: MSG.submissionsClosed(term) });
      expect(await snapshot(p.id)).toEqual(before);
      expect(await membership(p.id, late.id)).toEqual({ state: "invited", active: false });

      await runCloseInvitations();
      expect(await membership(p.id, late.id)).toEqual({ state: "declined", active: false });
      expect((await snapshot(p.id))[0]).toMatchObject({ status: "Pending" });
    });
  });

  it("one second before the close it can still be accepted", async () => {
    clock = new Date("2027-05-03T09:00:00Z");
    await inTerm("2027-05-05T12:00:00Z", async () => {
      const [creator, onTime] = await Promise.all([makeStudent(t), makeStudent(t)]);
      const p = await submit(creator, [onTime]);
      clock = new Date("2027-05-05T11:59:59Z");
      expect((await post(onTime, `/api/proposals/${p.id}/invitation`, { accept: true })).statusCode).toBe(
        200,
      );
      expect(await membership(p.id, onTime.id)).toEqual({ state: "accepted", active: true });
    });
  });

  it("can still be declined (it takes no place): the group goes on as the close job would take it", async () => {
    clock = new Date("2027-05-03T09:00:00Z");
    await inTerm("2027-05-05T12:00:00Z", async () => {
      const [creator, no] = await Promise.all([makeStudent(t), makeStudent(t)]);
      const p = await submit(creator, [no]);
      clock = new Date("2027-05-05T12:00:01Z");
      const res = await post(no, `/api/proposals/${p.id}/invitation`, { accept: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(await membership(p.id, no.id)).toEqual({ state: "declined", active: false });
      expect((await snapshot(p.id))[0]).toMatchObject({ status: "Pending" });
    });
  });
});

describe(`a student sends at most ${LIMITS.invitationsPerDay} invitations a day`, () => {
  it("30 submit-and-withdraw cycles: past the limit the submission is refused, nothing is made and no email sent", async () => {
    clock = new Date("2027-06-01T08:00:00Z");
    const [abuser, target] = await Promise.all([makeStudent(t), makeStudent(t)]);
    // A submission that fails after the count (a document that is not theirs) uses none of it.
    const failed = await post(abuser, "/api/proposals", submission([target], { documentId: randomUUID() }));
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expect(failed.statusCode).toBeLessThan(500);

    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 30; i++) {
      clock = new Date(clock.getTime() + 60_000);
      const res = await post(abuser, "/api/proposals", submission([target]));
      statuses.push(res.statusCode);
      if (res.statusCode === 201) await withdraw(abuser, res.json().proposal.id);
      else refused ??= res;
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.invitationsPerDay);
    expect(statuses.slice(LIMITS.invitationsPerDay)).toEqual(Array(30 - LIMITS.invitationsPerDay).fill(429));
    // The first invitation (at 08:01) turns a day old at 08:01 the next day.
    const from = formatInZone("2027-06-02T08:01:00.000Z", ZONE);
    expect(refused!.json().error).toEqual({
      code: "RATE_LIMITED",
      message: MSG.tooManyInvitations(LIMITS.invitationsPerDay, from),
    });
    expect(Number(refused!.headers["retry-after"])).toBeGreaterThan(0);
    expect(await proposalsBy(abuser.id)).toBe(LIMITS.invitationsPerDay);
    // An invitation and a cancellation a cycle, and nothing after the limit.
    const emails = (await outboxFor(t, target.email)).length;
    expect(emails).toBe(2 * LIMITS.invitationsPerDay);

    // Alone, the student may still submit; a day after the first invitation they may invite again.
    const alone = await post(abuser, "/api/proposals", submission([]));
    expect(alone.statusCode, alone.body).toBe(201);
    await withdraw(abuser, alone.json().proposal.id);
    clock = new Date("2027-06-02T08:00:59Z");
    expect((await post(abuser, "/api/proposals", submission([target]))).statusCode).toBe(429);
    clock = new Date("2027-06-02T08:01:00Z");
    expect((await post(abuser, "/api/proposals", submission([target]))).statusCode).toBe(201);
    expect((await outboxFor(t, target.email)).length).toBe(emails + 1);
  });

  it("simultaneous submissions do not go past the limit", async () => {
    clock = new Date("2027-07-01T08:00:00Z");
    const abuser = await makeStudent(t);
    const targets = await Promise.all([makeStudent(t), makeStudent(t)]);
    for (let i = 0; i < LIMITS.invitationsPerDay - 1; i++) {
      clock = new Date(clock.getTime() + 60_000);
      await withdraw(abuser, (await submit(abuser, [targets[0]])).id);
    }
    // One invitation left: ten submissions naming two each, all at once, make nothing.
    const all = await Promise.all(
      Array.from({ length: 10 }, () => post(abuser, "/api/proposals", submission(targets))),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(429));
    expect(await proposalsBy(abuser.id)).toBe(LIMITS.invitationsPerDay - 1);
    // Naming one each: exactly one goes through, and the limit is reached, not passed.
    const one = await Promise.all(
      Array.from({ length: 10 }, () => post(abuser, "/api/proposals", submission([targets[1]]))),
    );
    expect(one.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const sent = await selectRow<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from activity
           where actor_id = ${abuser.id} and kind = 'invitation' and action = 'invite'`,
    );
    expect(sent!.n).toBe(LIMITS.invitationsPerDay);
    expect((await outboxFor(t, targets[1].email, "invitation.received")).length).toBe(1);
  });
});
