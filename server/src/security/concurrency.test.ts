import { randomUUID } from "node:crypto";
import { ACTIVE_STATUSES } from "@shared/enums";
import { MSG } from "@shared/messages";
import { type SQL, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// A small deterministic generator, so that a failure can be replayed.
import { mulberry32 as prng } from "../lib/mulberry32";
import { createAccount } from "../modules/accounts/accounts.service";
import {
  createTestApp,
  makeStudent,
  makeSupervisor,
  PASSWORD,
  type TestContext,
  type TestUser,
  unique,
} from "../test/app";
import { makeCell, makeProposal } from "../test/factories";

/**
 * DESIGN.md §4 under contention: many submissions racing for the same students, many reviews
 * racing for the same proposal, a denial racing the group's next submission. Afterwards the
 * database itself is asked whether the rules hold.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The invariants of §4, checked by SQL over the whole database; each list must be empty. */
async function violations() {
  return {
    studentInTwoActiveProposals: await rows(sql`
      select user_id from proposal_members where active group by term_id, user_id having count(*) > 1`),
    // A place is held exactly by an accepted member of an active proposal (DESIGN.md §9).
    activeFlagDisagreesWithStatus: await rows(sql`
      select pm.proposal_id, pm.user_id from proposal_members pm join proposals p on p.id = pm.proposal_id
      where pm.active <> (pm.state = 'accepted' and p.status in (${sql.raw(ACTIVE_STATUSES.map((x) => `'${x}'`).join(", "))}))`),
    openInvitationOutsideAwaitingMembers: await rows(sql`
      select pm.proposal_id, pm.user_id from proposal_members pm join proposals p on p.id = pm.proposal_id
      where pm.state = 'invited' and p.status <> 'Awaiting members'`),
    creatorNotFirst: await rows(sql`
      select p.id from proposals p
      left join proposal_members pm on pm.proposal_id = p.id and pm.position = 0
      where pm.user_id is distinct from p.created_by`),
    notOneToThreeMembers: await rows(sql`
      select p.id, count(pm.user_id) as n from proposals p
      left join proposal_members pm on pm.proposal_id = p.id
      group by p.id having count(pm.user_id) not between 1 and 3`),
    positionsNotContiguous: await rows(sql`
      select proposal_id from proposal_members group by proposal_id
      having count(distinct position) <> count(*) or min(position) <> 0 or max(position) <> count(*) - 1`),
    memberNotStudent: await rows(sql`
      select pm.proposal_id, pm.user_id from proposal_members pm join users u on u.id = pm.user_id
      where u.role <> 'student'`),
    supervisorNotInCell: await rows(sql`
      select p.id from proposals p
      where not exists (
        select 1 from supervisor_cells sc join users u on u.id = sc.supervisor_id
        where sc.supervisor_id = p.supervisor_id and sc.research_cell_id = p.research_cell_id and u.role = 'supervisor')`),
    reviewInconsistent: await rows(sql`
      select id from proposals
      where (status in ('Approved', 'Denied', 'Changes requested', 'Awaiting committee')
              and (reviewed_at is null or reviewed_by is null))
         or (status = 'Denied' and coalesce(trim(feedback), '') = '' and coalesce(trim(committee_feedback), '') = '')`),
  };
}
const NONE = {
  studentInTwoActiveProposals: [],
  activeFlagDisagreesWithStatus: [],
  openInvitationOutsideAwaitingMembers: [],
  creatorNotFirst: [],
  notOneToThreeMembers: [],
  positionsNotContiguous: [],
  memberNotStudent: [],
  supervisorNotInCell: [],
  reviewInconsistent: [],
};

/** A student who never signs in: created straight through the accounts service. */
async function quietStudent(name: string) {
  const tag = unique("q");
  const user = await createAccount(t.database.db, {
    name,
    email: `${tag}@example.edu`,
    password: PASSWORD,
    role: "student",
    studentId: tag.toUpperCase(),
  });
  return { id: user.id, name };
}

describe("100 parallel submissions competing for the same students", () => {
  it("keep every rule of §4; every 201 is stored, every refusal is a 409 naming a taken student", async () => {
    const [s1, s2] = await Promise.all([makeSupervisor(t), makeSupervisor(t)]);
    const cellA = await makeCell(t, [s1.id]);
    const cellB = await makeCell(t, [s1.id, s2.id]);
    const creators: TestUser[] = [];
    for (let i = 0; i < 100; i += 10)
      creators.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, j) => makeStudent(t, { name: `Creator ${i + j}` })),
        )),
      );
    const pool = await Promise.all(Array.from({ length: 12 }, (_, i) => quietStudent(`Pooled ${i}`)));
    const nameOf = new Map<string, string>([
      ...creators.map((c) => [c.id, c.name] as const),
      ...pool.map((p) => [p.id, p.name] as const),
    ]);

    const random = prng(20_260_101);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    const requests = creators.map((creator, i) => {
      const members = new Set<string>();
      const want = Math.floor(random() * 3); // 0, 1 or 2 others
      while (members.size < want) {
        // Mostly the shared pool; sometimes another creator, who is racing to submit their own.
        const other = random() < 0.75 ? pick(pool).id : pick(creators).id;
        if (other !== creator.id) members.add(other);
      }
      const [cell, supervisor] = random() < 0.5 ? [cellA.id, s1.id] : [cellB.id, pick([s1.id, s2.id])];
      return {
        creator,
        body: {
          title: `Race ${i}`,
          abstract: `Submission number ${i}.`,
          type: random() < 0.5 ? "Thesis" : "Project",
          researchCellId: cell,
          supervisorId: supervisor,
          memberIds: [...members],
          requestId: randomUUID(),
        },
      };
    });

    const responses: LightMyRequestResponse[] = await Promise.all(
      requests.map((r) =>
        t.app.inject({
          method: "POST",
          url: "/api/proposals",
          headers: { cookie: r.creator.cookie },
          payload: r.body,
        }),
      ),
    );

    // Every answer is a success or a clear refusal; nothing failed on the server.
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 400)).toEqual([]);
    const won = responses.flatMap((r, i) => (r.statusCode === 201 ? [{ i, id: r.json().proposal.id }] : []));
    expect(won.length).toBeGreaterThan(0);
    expect(won.length).toBeLessThan(100);

    expect(await violations()).toEqual(NONE);

    // Every 201 is stored exactly as it was asked for, and nothing else was stored.
    const stored = await rows<{ id: string; title: string; created_by: string; supervisor_id: string }>(sql`
      select id, title, created_by, supervisor_id from proposals where title like 'Race %'`);
    expect(stored.map((p) => p.id).sort()).toEqual(won.map((w) => w.id).sort());
    for (const { i, id } of won) {
      const req = requests[i];
      const p = stored.find((s) => s.id === id)!;
      expect(p).toMatchObject({
        title: req.body.title,
        created_by: req.creator.id,
        supervisor_id: req.body.supervisorId,
      });
      const members = await rows<{ user_id: string }>(sql`
        select user_id from proposal_members where proposal_id = ${id} order by position`);
      expect(members.map((m) => m.user_id)).toEqual([req.creator.id, ...req.body.memberIds]);
    }

    // Each winner that reached its supervisor told them by email, in the same transaction: those
    // Pending at once (nobody invited), and those whose last open invitation was declined because
    // the invitee, racing, submitted their own. The others wait for their invitees. None lost, none extra.
    const [{ n, reached }] = await rows<{ n: string | number; reached: string | number }>(sql`
      select (select count(*) from outbox where kind = 'proposal.submitted' and user_id in (${s1.id}::uuid, ${s2.id}::uuid)) as n,
             (select count(*) from proposals where title like 'Race %' and pending_since is not null) as reached`);
    expect(Number(n)).toBe(Number(reached));
    expect(Number(reached)).toBeGreaterThanOrEqual(
      won.filter((w) => requests[w.i].body.memberIds.length === 0).length,
    );

    // Every refusal names a student of that group who is now in an active (winning) proposal.
    const active = new Map(
      (
        await rows<{ user_id: string; proposal_id: string }>(
          sql`select user_id, proposal_id from proposal_members where active`,
        )
      ).map((r) => [r.user_id, r.proposal_id]),
    );
    const winners = new Set(won.map((w) => w.id));
    responses.forEach((res, i) => {
      if (res.statusCode === 201) return;
      const req = requests[i];
      const group = [req.creator.id, ...req.body.memberIds];
      const error = res.json().error;
      expect([400, 409], JSON.stringify(error)).toContain(res.statusCode);
      const named = group.filter((id) => error.message === MSG.alreadyInActiveProposal(nameOf.get(id)!));
      expect(named.length, `refusal ${i}: ${error.message}`).toBe(1);
      expect(winners.has(active.get(named[0])!), `refusal ${i}: ${error.message}`).toBe(true);
    });
  }, 120_000);
});

describe("racing reviews and resubmissions", () => {
  it("20 simultaneous reviews of one proposal: exactly one wins, the rest get 409, the stored decision is the winner's", async () => {
    const sup = await makeSupervisor(t);
    const [a, b] = await Promise.all([quietStudent("Reviewed A"), quietStudent("Reviewed B")]);
    const p = await makeProposal(t, { supervisorId: sup.id, memberIds: [a.id, b.id] });
    const decisions = Array.from({ length: 20 }, (_, i) =>
      i % 2 ? { status: "Approved", feedback: `Yes ${i}` } : { status: "Denied", feedback: `No ${i}` },
    );
    const responses = await Promise.all(
      decisions.map((payload) =>
        t.app.inject({
          method: "POST",
          url: `/api/proposals/${p.id}/review`,
          headers: { cookie: sup.cookie },
          payload,
        }),
      ),
    );
    const ok = responses.flatMap((r, i) => (r.statusCode === 200 ? [i] : []));
    expect(ok).toHaveLength(1);
    for (const r of responses)
      if (r.statusCode !== 200) {
        expect(r.statusCode).toBe(409);
        expect(r.json().error.message).toBe(MSG.alreadyReviewed);
      }
    const winner = decisions[ok[0]];
    const [row] = await rows<{ status: string; feedback: string; reviewed_by: string }>(sql`
      select status, feedback, reviewed_by from proposals where id = ${p.id}`);
    expect(row).toEqual({ status: winner.status, feedback: winner.feedback, reviewed_by: sup.id });
    // One decision, one email per member.
    const [{ n }] = await rows<{ n: string | number }>(sql`
      select count(*) as n from outbox where kind = 'proposal.reviewed' and user_id in (${a.id}::uuid, ${b.id}::uuid)`);
    expect(Number(n)).toBe(2);
    expect(await violations()).toEqual(NONE);
  });

  it("a denial racing the group's next submissions: at most one new proposal by each, never two active places for anyone", async () => {
    const sup = await makeSupervisor(t);
    const cell = await makeCell(t, [sup.id]);
    const [a, b] = await Promise.all([makeStudent(t), makeStudent(t)]);
    const p = await makeProposal(t, { supervisorId: sup.id, cellId: cell.id, memberIds: [a.id, b.id] });
    const submit = (who: TestUser, other: TestUser, i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/proposals",
        headers: { cookie: who.cookie },
        payload: {
          title: `Second try ${i}`,
          abstract: "Again.",
          type: "Project",
          researchCellId: cell.id,
          supervisorId: sup.id,
          memberIds: [other.id],
        },
      });
    const deny = t.app.inject({
      method: "POST",
      url: `/api/proposals/${p.id}/review`,
      headers: { cookie: sup.cookie },
      payload: { status: "Denied", feedback: "Rethink the scope." },
    });
    const attempts = Array.from({ length: 10 }, (_, i) => (i % 2 ? submit(a, b, i) : submit(b, a, i)));
    const [denied, ...tries] = await Promise.all([deny, ...attempts]);
    expect(denied.statusCode).toBe(200);
    for (const r of tries) expect([201, 409], r.body).toContain(r.statusCode);
    // Each creator takes their own place at most once; the other is only invited (no place taken).
    const creatorsWon = tries.filter((r) => r.statusCode === 201).map((r) => r.json().proposal.createdBy.id);
    expect(new Set(creatorsWon).size).toBe(creatorsWon.length);
    expect(await violations()).toEqual(NONE);

    // Once the denial is in, a can submit again inviting b, unless a racer already placed either:
    // a holds a place, or b does (nobody placed can be invited).
    const after = await submit(a, b, 99);
    expect(after.statusCode).toBe(creatorsWon.length ? 409 : 201);
    expect(await violations()).toEqual(NONE);
  });
});
