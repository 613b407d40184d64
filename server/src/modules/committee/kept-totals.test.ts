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
 * The totals kept beside the rows (decision 0060: proposal_counts, supervisor_counts,
 * user_counts) are exactly what counting the rows gives, after every kind of change a proposal or
 * a person goes through, one at a time and many at once, and the reads that use them answer what
 * counting would.
 */

let t: TestContext;
let committee: TestUser;
let supervisor: TestUser;
let spare: TestUser;
let cellId: string;

const NOW = new Date("2027-03-10T12:00:00.000Z");

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  [committee, supervisor, spare] = await Promise.all([
    makeCommittee(t),
    makeSupervisor(t),
    makeSupervisor(t),
  ]);
  cellId = (await makeCell(t, [supervisor.id, spare.id])).id;
});
afterAll(async () => t?.close());

const post = (user: TestUser, url: string, payload: object = {}) =>
  t.app.inject({ method: "POST", url, payload, headers: sessionHeaders(user) });
const get = (user: TestUser, url: string) =>
  t.app.inject({ method: "GET", url, headers: sessionHeaders(user) });

/** Each kept table beside the same totals counted from the rows, every non-zero one, in one order. */
async function keptAndCounted() {
  const pair = async (kept: string, counted: string) => {
    const q = (from: string) =>
      selectRows<{ k: string; n: number }>(
        t.database.db,
        sql.raw(`select k, n from (${from}) x where n <> 0 order by k`),
      );
    return { kept: await q(kept), counted: await q(counted) };
  };
  return {
    cells: await pair(
      `select concat_ws('/', term_id, research_cell_id, status) as k, n from proposal_counts`,
      `select concat_ws('/', term_id, research_cell_id, status) as k, count(*)::int as n from proposals group by 1`,
    ),
    supervisors: await pair(
      `select concat_ws('/', term_id, supervisor_id, status) as k, n from supervisor_counts`,
      `select concat_ws('/', term_id, supervisor_id, status) as k, count(*)::int as n from proposals group by 1`,
    ),
    people: await pair(
      `select role::text as k, n from user_counts`,
      `select role::text as k, count(*)::int as n from users group by 1`,
    ),
  };
}

async function expectExact() {
  const all = await keptAndCounted();
  for (const { kept, counted } of Object.values(all)) expect(kept).toEqual(counted);
  // People of every role exist from the start, so an empty pair cannot pass for an exact one.
  expect(all.people.counted.length).toBe(3);
}

async function submit(student: TestUser, o: { memberIds?: string[]; supervisorId?: string } = {}) {
  const res = await post(student, "/api/proposals", {
    title: `A study by ${student.name}`,
    abstract: "What we will find out, and how.",
    type: "Thesis",
    researchCellId: cellId,
    supervisorId: o.supervisorId ?? supervisor.id,
    memberIds: o.memberIds ?? [],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().proposal.id as string;
}

describe("kept totals", () => {
  it("match the rows after each kind of change, through the routes and straight in the database", async () => {
    const s = await Promise.all(Array.from({ length: 8 }, () => makeStudent(t)));
    await expectExact();

    // Submitted with an invitation (Awaiting members), accepted (Pending), and alone (Pending).
    const group = await submit(s[0], { memberIds: [s[1].id] });
    expect((await post(s[1], `/api/proposals/${group}/invitation`, { accept: true })).statusCode).toBe(200);
    const declined = await submit(s[2], { memberIds: [s[3].id] });
    expect((await post(s[3], `/api/proposals/${declined}/invitation`, { accept: false })).statusCode).toBe(
      200,
    );
    const alone = [await submit(s[4]), await submit(s[5]), await submit(s[6])];
    await expectExact();
    expect((await keptAndCounted()).cells.kept.length).toBeGreaterThan(0);

    // Reviewed every way, resubmitted, withdrawn, reopened, moved to another supervisor.
    const review = (id: string, status: string) =>
      post(supervisor, `/api/proposals/${id}/review`, { status, feedback: "Read it." });
    expect((await review(group, "Approved")).statusCode).toBe(200);
    expect((await review(alone[0], "Denied")).statusCode).toBe(200);
    expect((await review(alone[1], "Changes requested")).statusCode).toBe(200);
    await expectExact();
    const resubmitted = await post(s[5], `/api/proposals/${alone[1]}/versions`, {
      title: "Revised",
      abstract: "Revised.",
      note: "",
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(201);
    expect(
      (await post(s[6], `/api/proposals/${alone[2]}/withdraw`, { reason: "No longer." })).statusCode,
    ).toBe(200);
    expect(
      (await post(committee, `/api/proposals/${alone[0]}/reopen`, { reason: "A mistake." })).statusCode,
    ).toBe(200);
    expect(
      (await post(committee, `/api/proposals/${alone[1]}/reassign`, { supervisorId: spare.id })).statusCode,
    ).toBe(200);
    await expectExact();

    // Written straight in the database: inserted, moved between cells and terms, deleted; in one
    // transaction, the same proposal changed twice.
    const other = await makeCell(t, [supervisor.id]);
    const direct = await makeProposal(t, { supervisorId: supervisor.id, memberIds: [s[7].id], cellId });
    await t.database.db.execute(
      sql`update proposals set research_cell_id = ${other.id}, status = 'Approved' where id = ${direct.id}`,
    );
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update proposals set status = 'Denied' where id = ${direct.id}`);
      await tx.execute(
        sql`update proposals set research_cell_id = ${cellId}, status = 'Pending' where id = ${direct.id}`,
      );
    });
    await expectExact();
    // Many rows in one statement (as the allocation's publication writes them), and none.
    await t.database.db.execute(
      sql`update proposals set status = 'Withdrawn' where research_cell_id = ${cellId} and status in ('Approved', 'Pending')`,
    );
    await t.database.db.execute(sql`update proposals set status = 'Denied' where false`);
    await expectExact();
    const [term] = await selectRows<{ id: string }>(
      t.database.db,
      sql`insert into terms (name) values ('Kept totals term') returning id`,
    );
    await t.database.db.execute(sql`update proposals set term_id = ${term.id} where id = ${direct.id}`);
    await expectExact();
    await t.database.db.execute(sql`delete from proposals where id = ${direct.id}`);
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update proposals set status = 'Denied' where id = ${group}`);
        throw new Error("rolled back");
      })
      .catch(() => {});
    await expectExact();

    // People: added and deleted.
    const gone = await makeStudent(t);
    await expectExact();
    await t.database.db.execute(sql`delete from users where id = ${gone.id}`);
    await expectExact();
  });

  it("stay exact under simultaneous submissions, reviews, withdrawals and new accounts", async () => {
    const students = await Promise.all(Array.from({ length: 24 }, () => makeStudent(t)));
    // Twelve submit to one supervisor and one cell at once: every one adds to the same two totals.
    const ids = await Promise.all(students.slice(0, 12).map((s) => submit(s)));
    await expectExact();
    // At once: the supervisor reviews six (both ways), four withdraw, twelve more submit (half to
    // the other supervisor), and eight people register.
    const answers = await Promise.all([
      ...ids.slice(0, 6).map((id, i) =>
        post(supervisor, `/api/proposals/${id}/review`, {
          status: i % 2 ? "Approved" : "Denied",
          feedback: "Read it.",
        }),
      ),
      ...ids
        .slice(6, 10)
        .map((id, i) => post(students[6 + i], `/api/proposals/${id}/withdraw`, { reason: "No." })),
      ...students.slice(12).map((s, i) =>
        post(s, "/api/proposals", {
          title: `At once ${i}`,
          abstract: "At once.",
          type: "Project",
          researchCellId: cellId,
          supervisorId: i % 2 ? spare.id : supervisor.id,
          memberIds: [],
        }),
      ),
    ]);
    const made = await Promise.all(Array.from({ length: 8 }, () => makeStudent(t)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual(
      [...Array(10).fill(200), ...Array(12).fill(201)].sort(),
    );
    expect(made).toHaveLength(8);
    await expectExact();
  });

  it("the committee's dashboard and the terms' load answer what counting the rows answers, overdue to the millisecond", async () => {
    const term = (await get(committee, "/api/terms"))
      .json()
      .items.find((x: { current: boolean }) => x.current);
    const s = await Promise.all(Array.from({ length: 4 }, () => makeStudent(t)));
    const due = term.reviewDueDays * 86_400_000;
    // Became Pending: just overdue, due this very moment (not overdue), just not yet due, long ago.
    const since = [
      NOW.getTime() - due - 1,
      NOW.getTime() - due,
      NOW.getTime() - due + 1,
      NOW.getTime() - 10 * due,
    ];
    for (const [i, at] of since.entries()) {
      const id = await submit(s[i]);
      await t.database.db.execute(
        sql`update proposals set pending_since = ${new Date(at).toISOString()}::timestamptz where id = ${id}`,
      );
    }
    const [counted] = await selectRows<{ overdue: number; mine: number; used: number }>(
      t.database.db,
      sql`select count(*) filter (where p.status = 'Pending' and p.pending_since + make_interval(days => tm.review_due_days) < ${NOW.toISOString()}::timestamptz)::int as overdue,
                 count(*) filter (where p.supervisor_id = ${supervisor.id} and p.status = 'Pending'
                   and p.pending_since + make_interval(days => tm.review_due_days) < ${NOW.toISOString()}::timestamptz)::int as mine,
                 count(*) filter (where p.supervisor_id = ${supervisor.id}
                   and p.status in ('Awaiting members', 'Awaiting allocation', 'Pending', 'Changes requested', 'Awaiting committee', 'Approved'))::int as used
            from proposals p join terms tm on tm.id = p.term_id where p.term_id = ${term.id}`,
    );
    // The two just overdue and long ago, at least (other tests' Pending proposals became Pending "now").
    expect(counted.overdue).toBeGreaterThanOrEqual(2);

    const dashboard = (await get(committee, "/api/committee/dashboard")).json();
    expect(dashboard.proposals.overdue).toBe(counted.overdue);
    const [byStatus] = await selectRows<{ total: number; pending: number; students: number }>(
      t.database.db,
      sql`select (select count(*)::int from proposals where term_id = ${term.id} and research_cell_id is not null) as total,
                 (select count(*)::int from proposals where term_id = ${term.id} and status = 'Pending') as pending,
                 (select count(*)::int from users where role = 'student') as students`,
    );
    expect(dashboard.proposals.total).toBe(byStatus.total);
    expect(dashboard.proposals.byStatus.Pending).toBe(byStatus.pending);
    expect(dashboard.students).toBe(byStatus.students);

    const load = (await get(committee, `/api/terms/${term.id}/load`)).json();
    const row = load.items.find((x: { supervisorId: string }) => x.supervisorId === supervisor.id);
    expect({ overdue: row.overdue, used: row.used }).toEqual({ overdue: counted.mine, used: counted.used });
  });
});
