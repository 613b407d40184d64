import { sql } from "drizzle-orm";
import type { SMTPServer } from "smtp-server";
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
  unique,
} from "../../test/app";
import { makeCell } from "../../test/factories";
import { freePort, type Received, startSmtp } from "../../test/smtp";

/**
 * The deadlines of a proposal's life (DESIGN.md §8): at a term's submissionsCloseAt open
 * invitations are declined; three days before its revisionsCloseAt the groups asked for changes
 * are reminded, once; at it, those still in Changes requested are withdrawn. The app's clock is
 * moved, never waited for; the emails go through a real SMTP server — and when it is down, every
 * change and its timeline are kept, the emails waiting in the outbox.
 */

let clock = new Date("2027-03-01T12:00:00Z");
let t: TestContext;
let port: number;
const inbox: Received[] = [];
let smtp: SMTPServer | null = null;
let committee: TestUser;
let supervisor: TestUser;
let cellId: string;
let defaultTerm: string;

beforeAll(async () => {
  port = await freePort();
  smtp = await startSmtp(port, inbox);
  t = await createTestApp(
    { smtpUrl: `smtp://127.0.0.1:${port}`, timeZone: "Europe/Berlin" },
    { now: () => clock, outbox: { pollMs: 3_600_000, backoffBaseMs: 20 } },
  );
  committee = await makeCommittee(t);
  supervisor = await makeSupervisor(t, { name: "Prof. Deadline" });
  cellId = (await makeCell(t, [supervisor.id])).id;
  defaultTerm = (await get(committee, "/api/terms"))
    .json()
    .items.find((x: { current: boolean }) => x.current).id;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
});

function get(user: TestUser, url: string) {
  return t.app.inject({ method: "GET", url, headers: sessionHeaders(user) });
}
const post = (user: TestUser, url: string, payload: object = {}) =>
  t.app.inject({ method: "POST", url, payload, headers: sessionHeaders(user) });

/** A new current term with these dates, for the length of `fn`. */
async function inTerm(dates: object, fn: (termName: string) => Promise<void>) {
  const name = `Term ${unique("d")}`;
  const term = (await post(committee, "/api/terms", { name, ...dates })).json().term;
  expect((await post(committee, `/api/terms/${term.id}/current`)).statusCode).toBe(200);
  try {
    await fn(name);
  } finally {
    await post(committee, `/api/terms/${defaultTerm}/current`);
  }
}

async function submit(creator: TestUser, invitees: TestUser[] = []) {
  const res = await post(creator, "/api/proposals", {
    title: `Deadline ${unique("p")}`,
    abstract: "Watched by the clock.",
    type: "Thesis",
    researchCellId: cellId,
    supervisorId: supervisor.id,
    memberIds: invitees.map((i) => i.id),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().proposal as { id: string; title: string };
}
const statusOf = async (id: string) =>
  (await selectRows<{ status: string }>(t.database.db, sql`select status from proposals where id = ${id}`))[0]
    .status;
/** Every deadline job due at the clock's time, run now (as the scheduler would within a minute). */
async function runDeadlines() {
  await t.database.db.execute(
    sql`update scheduled_jobs set next_run_at = ${clock.toISOString()}::timestamptz
         where name in ('close-invitations', 'revision-reminder', 'revision-deadline')`,
  );
  return t.app.scheduler.runDue();
}
const delivered = (email: string, text: string) =>
  inbox.filter((m) => m.to.includes(email) && m.text.includes(text));

describe("deadline jobs", () => {
  it("at submissionsCloseAt, open invitations are declined and the proposal goes on with those who accepted", async () => {
    clock = new Date("2027-03-01T12:00:00Z");
    await inTerm({ submissionsCloseAt: "2027-03-05T12:00:00Z" }, async (term) => {
      const [creator, yes, silent] = await Promise.all([makeStudent(t), makeStudent(t), makeStudent(t)]);
      const p = await submit(creator, [yes, silent]);
      expect((await post(yes, `/api/proposals/${p.id}/invitation`, { accept: true })).statusCode).toBe(200);
      clock = new Date("2027-03-05T11:59:00Z");
      expect(await runDeadlines()).toContain("close-invitations");
      expect(await statusOf(p.id)).toBe("Awaiting members");
      clock = new Date("2027-03-05T12:00:00Z");
      await runDeadlines();
      expect(await statusOf(p.id)).toBe("Pending");
      const members = await selectRows<{ user_id: string; state: string }>(
        t.database.db,
        sql`select user_id, state from proposal_members where proposal_id = ${p.id} order by position`,
      );
      expect(members).toEqual([
        { user_id: creator.id, state: "accepted" },
        { user_id: yes.id, state: "accepted" },
        { user_id: silent.id, state: "declined" },
      ]);
      const timeline = (await get(creator, `/api/proposals/${p.id}/timeline`)).json().items;
      expect(timeline.at(-1)).toMatchObject({
        actor: null,
        kind: "invitation",
        action: "closeInvitations",
        from: "Awaiting members",
        to: "Pending",
        note: `Not answered: ${silent.name}`,
      });
      await t.app.outbox.drain();
      expect(delivered(creator.email, "Invitations closed")).toHaveLength(1);
      // One notice each (issue 30): the creator's says the group is complete, the member hears it once.
      expect(delivered(creator.email, "Your group is complete")).toHaveLength(0);
      expect(delivered(yes.email, "Your group is complete")).toHaveLength(1);
      expect(delivered(creator.email, term)).not.toHaveLength(0);
      expect(delivered(supervisor.email, `New proposal to review: ${p.title}`)).toHaveLength(1);
      // Nothing is left to do: a second run changes nothing.
      await runDeadlines();
      expect(await statusOf(p.id)).toBe("Pending");
    });
  });

  it("three days before revisionsCloseAt the group is reminded once; at it, Changes requested becomes Withdrawn", async () => {
    clock = new Date("2027-04-01T09:00:00Z");
    await inTerm({ revisionsCloseAt: "2027-04-10T09:00:00Z" }, async () => {
      const creator = await makeStudent(t);
      const p = await submit(creator);
      const answered = await makeStudent(t);
      const q = await submit(answered);
      for (const id of [p.id, q.id])
        expect(
          (
            await post(supervisor, `/api/proposals/${id}/review`, {
              status: "Changes requested",
              feedback: "Revise.",
            })
          ).statusCode,
        ).toBe(200);
      // q answers in time.
      expect(
        (await post(answered, `/api/proposals/${q.id}/versions`, { title: "Revised", abstract: "Revised." }))
          .statusCode,
      ).toBe(201);

      const reminders = async () =>
        (
          await selectRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from activity where proposal_id = ${p.id} and action = 'remind'`,
          )
        )[0].n;
      clock = new Date("2027-04-06T09:00:00Z");
      await runDeadlines();
      expect(await reminders()).toBe(0);
      clock = new Date("2027-04-07T09:00:01Z");
      await runDeadlines();
      clock = new Date("2027-04-08T09:00:00Z");
      await runDeadlines();
      expect(await reminders()).toBe(1);
      await t.app.outbox.drain();
      expect(delivered(creator.email, "Revisions close soon")).toHaveLength(1);
      expect(delivered(answered.email, "Revisions close soon")).toHaveLength(0);

      clock = new Date("2027-04-10T09:00:00Z");
      await runDeadlines();
      expect(await statusOf(p.id)).toBe("Withdrawn");
      expect(await statusOf(q.id)).toBe("Pending");
      const places = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from proposal_members where proposal_id = ${p.id} and active`,
      );
      expect(places[0].n).toBe(0);
      const timeline = (await get(creator, `/api/proposals/${p.id}/timeline`)).json().items;
      expect(timeline.at(-1)).toMatchObject({
        actor: null,
        action: "expire",
        from: "Changes requested",
        to: "Withdrawn",
        note: "revision deadline passed",
      });
      await t.app.outbox.drain();
      expect(delivered(creator.email, "Proposal withdrawn")).toHaveLength(1);
      expect(delivered(supervisor.email, `Proposal withdrawn: ${p.title}`)).toHaveLength(1);
    });
  });

  it("when the SMTP server is down, every change and its timeline are kept; the emails go once it is back", async () => {
    clock = new Date("2027-05-01T09:00:00Z");
    await new Promise<void>((r) => smtp!.close(() => r()));
    smtp = null;
    const [creator, member] = await Promise.all([makeStudent(t), makeStudent(t)]);
    const p = await submit(creator, [member]);
    expect((await post(member, `/api/proposals/${p.id}/invitation`, { accept: true })).statusCode).toBe(200);
    expect(
      (await post(supervisor, `/api/proposals/${p.id}/review`, { status: "Approved", feedback: "Yes." }))
        .statusCode,
    ).toBe(200);
    await t.app.outbox.tick();
    const timeline = (await get(creator, `/api/proposals/${p.id}/timeline`)).json().items;
    expect(timeline.map((r: { action: string }) => r.action)).toEqual([
      "submit",
      "invite",
      "accept",
      "approve",
      // The approval started the thesis (DESIGN.md §16).
      "start",
    ]);
    const waiting = await selectRows<{ n: number; tried: number }>(
      t.database.db,
      sql`select count(*)::int as n, max(attempts)::int as tried from outbox
           where sent_at is null and user_id in (${creator.id}, ${member.id}, ${supervisor.id})`,
    );
    expect(waiting[0].n).toBeGreaterThanOrEqual(3);
    expect(waiting[0].tried).toBeGreaterThanOrEqual(1);

    smtp = await startSmtp(port, inbox);
    await t.database.db.execute(sql`update outbox set next_attempt_at = now() where sent_at is null`);
    await t.app.outbox.drain();
    expect(delivered(member.email, `Your proposal was approved: ${p.title}`)).toHaveLength(1);
    expect(delivered(supervisor.email, `New proposal to review: ${p.title}`)).toHaveLength(1);
  });
});
