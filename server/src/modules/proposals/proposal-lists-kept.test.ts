import type { Proposal, ProposalList } from "@shared/schemas/proposals";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { proposalMembers, proposals, users } from "../../db/schema";
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

// Students' and supervisors' proposal lists are kept per instance under the version of each
// person's lists (proposal_list_versions, migration 0009). These tests show that a kept answer is
// really sent again, that every kind of change that shows in someone's list, made through the API
// or straight in the database, is in their next answer, and that nobody gets another's answer.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const list = async (user: TestUser, query = ""): Promise<ProposalList> => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/proposals${query ? `?${query}` : ""}`,
    headers: sessionHeaders(user),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const ids = (l: ProposalList) => l.items.map((p) => p.id);
const find = (l: ProposalList, id: string): Proposal | undefined => l.items.find((p) => p.id === id);
const exec = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);
const version = async (userId: string): Promise<string | null> => {
  const res = (await exec(
    sql`select version::text as v from proposal_list_versions where user_id = ${userId}`,
  )) as unknown as { rows: { v: string }[] };
  return res.rows[0]?.v ?? null;
};
/** Runs `change` (an update of proposals) with the trigger that announces it off. */
async function unannounced(change: () => Promise<unknown>) {
  await exec(sql`alter table proposals disable trigger proposals_listed_update`);
  try {
    await change();
  } finally {
    await exec(sql`alter table proposals enable trigger proposals_listed_update`);
  }
}

async function submit(student: TestUser, supervisor: TestUser, cellId: string, memberIds: string[] = []) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/proposals",
    headers: sessionHeaders(student),
    payload: {
      title: `Kept list ${student.name}`,
      abstract: "Listed.",
      type: "Thesis",
      researchCellId: cellId,
      supervisorId: supervisor.id,
      memberIds,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().proposal as Proposal;
}

describe("the kept proposal lists", () => {
  let supervisor: TestUser;
  let other: TestUser;
  let committee: TestUser;
  let a: TestUser;
  let b: TestUser;
  let cell: { id: string; title: string };
  let proposal: Proposal;

  beforeAll(async () => {
    [supervisor, other] = [await makeSupervisor(t), await makeSupervisor(t)];
    committee = await makeCommittee(t);
    [a, b] = [await makeStudent(t), await makeStudent(t)];
    cell = await makeCell(t, [supervisor.id, other.id]);
    proposal = await submit(a, supervisor, cell.id, [b.id]);
  });

  it("sends a kept answer again while nothing in the person's lists changed", async () => {
    const first = await list(supervisor, "status=Pending");
    const mine = await list(a);
    expect(ids(first)).toEqual([proposal.id]);
    expect(ids(mine)).toEqual([proposal.id]);
    // A change the database does not announce (its trigger off) is not seen: the answers are the kept ones.
    await unannounced(() => exec(sql`update proposals set title = 'Unseen' where id = ${proposal.id}`));
    expect(await list(supervisor, "status=Pending")).toEqual(first);
    expect(await list(a)).toEqual(mine);
    // Announced, it is in the next answer of each of them.
    await exec(sql`update proposals set title = 'Seen' where id = ${proposal.id}`);
    for (const who of [supervisor, a, b]) expect(find(await list(who), proposal.id)?.title).toBe("Seen");
    await exec(sql`update proposals set title = ${proposal.title} where id = ${proposal.id}`);
  });

  it("shows a new submission to its supervisor and every member of its group", async () => {
    const [c, d] = [await makeStudent(t), await makeStudent(t)];
    const before = await Promise.all([list(supervisor), list(c), list(d), list(other)]);
    expect(before.map((l) => l.total)).toEqual([1, 0, 0, 0]);
    const row = await version(supervisor.id);
    const made = await submit(c, supervisor, cell.id, [d.id]);
    // The supervisor's row is not written (submissions to them do not queue on it); their
    // version counts their proposals.
    expect(await version(supervisor.id)).toBe(row);
    expect(ids(await list(supervisor))).toEqual([made.id, proposal.id]);
    expect(ids(await list(c))).toEqual([made.id]);
    expect(ids(await list(d))).toEqual([made.id]);
    // Students with a kept list (a denied proposal before) who submit again, with a partner who
    // also has one: the submission writes their docs already built, so only the members trigger
    // gives them new versions.
    const [g, h, third] = [await makeStudent(t), await makeStudent(t), await makeSupervisor(t)];
    const ownCell = await makeCell(t, [third.id]);
    const denied = await Promise.all(
      [g, h].map((s) =>
        makeProposal(t, { supervisorId: third.id, cellId: ownCell.id, memberIds: [s.id], status: "Denied" }),
      ),
    );
    await t.database.db
      .update(proposalMembers)
      .set({ active: false })
      .where(inArray(proposalMembers.userId, [g.id, h.id]));
    for (const [i, s] of [g, h].entries()) expect(ids(await list(s))).toEqual([denied[i].id]);
    const again = await submit(g, third, ownCell.id, [h.id]);
    expect(ids(await list(g))).toEqual([again.id, denied[0].id]);
    expect(ids(await list(h))).toEqual([again.id, denied[1].id]);
    // Written the other way too: the proposal first, its members in a second statement.
    const e = await makeStudent(t);
    expect((await list(e)).total).toBe(0);
    const second = await makeProposal(t, { supervisorId: other.id, cellId: cell.id, memberIds: [e.id] });
    expect(ids(await list(e))).toEqual([second.id]);
    expect(ids(await list(other))).toEqual([second.id]);
    // One written straight in the database as already reviewed, alone (no members, so no other
    // trigger touches it): it is not counted among the Pending, so it bumps the supervisor's row.
    const [reviewed] = await t.database.db
      .insert(proposals)
      .values({
        title: "Reviewed already",
        abstract: "Written in SQL.",
        type: "Project",
        researchCellId: cell.id,
        supervisorId: other.id,
        status: "Approved",
        createdBy: e.id,
      })
      .returning();
    expect(ids(await list(other))).toEqual([reviewed.id, second.id]);
  });

  it("shows a review to the supervisor and the members, in every filter", async () => {
    const [c] = [await makeStudent(t)];
    const made = await submit(c, other, cell.id);
    const pending = ids(await list(other, "status=Pending"));
    expect(pending).toContain(made.id);
    expect(find(await list(c), made.id)?.status).toBe("Pending");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/proposals/${made.id}/review`,
      headers: sessionHeaders(other),
      payload: { status: "Denied", feedback: "Narrow it down." },
    });
    expect(res.statusCode).toBe(200);
    expect(ids(await list(other, "status=Pending"))).not.toContain(made.id);
    expect(ids(await list(other, "status=Denied"))).toContain(made.id);
    expect(find(await list(c), made.id)).toMatchObject({ status: "Denied", feedback: "Narrow it down." });
  });

  it("shows new names (a member's, the supervisor's) and a cell's new title", async () => {
    const renamed = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: sessionHeaders(b),
      payload: { name: "Bea Renamed" },
    });
    expect(renamed.statusCode).toBe(200);
    const member = (l: ProposalList) => find(l, proposal.id)?.members.find((m) => m.id === b.id)?.name;
    expect(member(await list(supervisor))).toBe("Bea Renamed");
    expect(member(await list(a))).toBe("Bea Renamed");

    await t.database.db.update(users).set({ name: "Dr Renamed" }).where(eq(users.id, supervisor.id));
    expect(find(await list(a), proposal.id)?.supervisor?.name).toBe("Dr Renamed");
    expect(find(await list(b), proposal.id)?.supervisor?.name).toBe("Dr Renamed");

    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/research-cells/${cell.id}`,
      headers: sessionHeaders(committee),
      payload: { title: "Renamed kept cell", description: "Still the same cell." },
    });
    expect(res.statusCode).toBe(200);
    for (const who of [supervisor, a, b])
      expect(find(await list(who), proposal.id)?.researchCell?.title).toBe("Renamed kept cell");
  });

  it("follows a membership removed, moved and added, a proposal moved to another supervisor, and one deleted", async () => {
    const [c, d, e] = [await makeStudent(t), await makeStudent(t), await makeStudent(t)];
    const made = await makeProposal(t, {
      supervisorId: supervisor.id,
      cellId: cell.id,
      memberIds: [c.id, d.id],
    });
    expect([(await list(c)).total, (await list(d)).total, (await list(e)).total]).toEqual([1, 1, 0]);

    await t.database.db.delete(proposalMembers).where(eq(proposalMembers.userId, d.id));
    expect((await list(d)).total).toBe(0);
    expect(find(await list(c), made.id)?.members.map((m) => m.id)).toEqual([c.id]);

    await t.database.db.update(proposalMembers).set({ userId: e.id }).where(eq(proposalMembers.userId, c.id));
    expect([(await list(c)).total, (await list(e)).total]).toEqual([0, 1]);

    await t.database.db.insert(proposalMembers).values({ proposalId: made.id, userId: d.id, position: 1 });
    expect(ids(await list(d))).toEqual([made.id]);
    // A member whose proposal's doc already lists them (as a submission writes it): the proposal
    // row is not written again, so the membership itself gives them their new version.
    const f = await makeStudent(t);
    const history = await makeProposal(t, {
      supervisorId: other.id,
      cellId: cell.id,
      memberIds: [f.id],
      status: "Denied",
    });
    expect(ids(await list(f))).toEqual([history.id]);
    await exec(sql`alter table proposals disable trigger proposals_doc`);
    await exec(sql`update proposals p set doc = thesisdesk_proposal_doc(p, (
      select json_agg(thesisdesk_member_json(u, m.position) order by m.position)
        from (select user_id, position from proposal_members where proposal_id = p.id
              union all select ${f.id}::uuid, 2::smallint) m join users u on u.id = m.user_id))
      where id = ${made.id}`);
    await exec(sql`alter table proposals enable trigger proposals_doc`);
    await t.database.db.insert(proposalMembers).values({ proposalId: made.id, userId: f.id, position: 2 });
    expect(ids(await list(f))).toEqual([history.id, made.id]);

    expect(ids(await list(supervisor))).toContain(made.id);
    expect(ids(await list(other))).not.toContain(made.id);
    await t.database.db.update(proposals).set({ supervisorId: other.id }).where(eq(proposals.id, made.id));
    expect(ids(await list(supervisor))).not.toContain(made.id);
    expect(ids(await list(other))).toContain(made.id);

    await t.database.db.delete(proposals).where(eq(proposals.id, made.id));
    expect(ids(await list(other))).not.toContain(made.id);
    expect([(await list(d)).total, (await list(e)).total]).toEqual([0, 0]);
  });

  it("gives each person only their own answer, and keeps none for the committee", async () => {
    const [c, d] = [await makeStudent(t), await makeStudent(t)];
    const [x, y] = [await submit(c, supervisor, cell.id), await submit(d, other, cell.id)];
    for (let round = 0; round < 2; round++) {
      expect(ids(await list(c))).toEqual([x.id]);
      expect(ids(await list(d))).toEqual([y.id]);
      expect(ids(await list(supervisor, "status=Pending"))).toContain(x.id);
      expect(ids(await list(supervisor, "status=Pending"))).not.toContain(y.id);
      expect(ids(await list(other, "status=Pending"))).toEqual(expect.arrayContaining([y.id]));
      expect(ids(await list(other, "status=Pending"))).not.toContain(x.id);
    }
    // The committee's lists are read afresh each time: even an unannounced change is seen.
    const query = `status=Pending&pageSize=100`;
    expect(find(await list(committee, query), x.id)?.title).toBe(x.title);
    await unannounced(() => exec(sql`update proposals set title = 'Committee sees it' where id = ${x.id}`));
    expect(find(await list(committee, query), x.id)?.title).toBe("Committee sees it");
  });

  it("keeps a version only through changes that show: not a release, not a rollback; never reuses one", async () => {
    const c = await makeStudent(t);
    const made = await submit(c, other, cell.id);
    const [mine, theirs] = [await version(c.id), await version(other.id)];
    expect(mine).not.toBeNull();
    // Releasing a member (active = false) shows in no list.
    await t.database.db
      .update(proposalMembers)
      .set({ active: false })
      .where(eq(proposalMembers.userId, c.id));
    expect(await version(c.id)).toBe(mine);
    // A change that is rolled back bumps nothing.
    const rolledBack = new Error("rolled back");
    const outcome = await t.database.db
      .transaction(async (tx) => {
        await tx.update(proposals).set({ title: "Never" }).where(eq(proposals.id, made.id));
        throw rolledBack;
      })
      .catch((err: unknown) => err);
    expect(outcome).toBe(rolledBack);
    expect([await version(c.id), await version(other.id)]).toEqual([mine, theirs]);
    // Emptying the tables gives everyone a version never seen before, and their lists are empty.
    const all = async () =>
      (
        (await exec(sql`select version::text as v from proposal_list_versions`)) as unknown as {
          rows: { v: string }[];
        }
      ).rows.map((r) => r.v);
    const seen = new Set(await all());
    for (const who of [a, b, c, supervisor, other]) await list(who);
    await exec(sql`truncate proposal_members`);
    const after = await all();
    expect(after.length).toBe(seen.size);
    expect(after.filter((v) => seen.has(v))).toEqual([]);
    for (const who of [a, b, c]) expect((await list(who)).total).toBe(0);
    // Proposals cannot be emptied without their members (cascade), whose trigger gives the new versions.
    for (const v of after) seen.add(v);
    for (const who of [supervisor, other]) expect((await list(who)).total).toBeGreaterThan(0);
    await exec(sql`truncate proposals cascade`);
    expect((await all()).filter((v) => seen.has(v))).toEqual([]);
    for (const who of [supervisor, other]) expect((await list(who)).total).toBe(0);
  });
});

describe("PROPOSAL_CACHE_MB", () => {
  it("keeps nothing when 0, and refuses a bad size by name", () => {
    const env = { SESSION_SECRET: "x".repeat(32) };
    expect(loadConfig({ ...env, PROPOSAL_CACHE_MB: "0" }).proposalCacheChars).toBe(0);
    expect(loadConfig(env).proposalCacheChars).toBe(16_000_000);
    for (const bad of ["-1", "lots", "2000"])
      expect(() => loadConfig({ ...env, PROPOSAL_CACHE_MB: bad })).toThrow(/PROPOSAL_CACHE_MB/);
  });
});
