import { MSG } from "@shared/messages";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { allocationTerm, caller, offerTopic, rankingGroup } from "../../test/allocation";
import { createTestApp, makeCommittee, makeStudent, type TestContext, type TestUser } from "../../test/app";

/**
 * Issue 28, item 6 (DESIGN.md §11, §21): every input of an allocation makes its draft out of date,
 * and publishing a draft made before the last change is 409 with nothing changed, even when the
 * change races the publication.
 */

let t: TestContext;
let committee: TestUser;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  committee = await makeCommittee(t);
  call = caller(t);
});
afterAll(async () => t?.close());

const run = async (termId: string) => {
  const res = await call(committee, "POST", `/api/terms/${termId}/allocation`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { groups: number; unmatched: number };
};
const draftOf = async (termId: string) =>
  (await call(committee, "GET", `/api/terms/${termId}/allocation`)).json();
const publish = (termId: string) => call(committee, "POST", `/api/terms/${termId}/allocation/publish`);

/** Where the term's groups are: published or not, and each proposal's status. */
async function stateOf(termId: string) {
  const [term] = await selectRows<{ published: boolean }>(
    t.database.db,
    sql`select allocation_published_at is not null as published from terms where id = ${termId}`,
  );
  const statuses = await selectRows<{ status: string }>(
    t.database.db,
    sql`select distinct status from proposals where term_id = ${termId} and supervisor_id is not null`,
  );
  return { published: term.published, placed: statuses.length };
}

/** The draft says it is out of date, and publishing it is refused with nothing changed. */
async function expectStale(termId: string) {
  expect((await draftOf(termId)).draft.outOfDate).toBe(true);
  const res = await publish(termId);
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().error.message).toBe(MSG.allocationOutOfDate);
  expect(await stateOf(termId)).toEqual({ published: false, placed: 0 });
}

describe("a draft made before a change is out of date", () => {
  it("capacity 0, run, capacity 3: out of date and publish 409; a fresh run publishes", async () => {
    const { term, ada, cell } = await allocationTerm(t, committee, { capacity: null });
    const x = await offerTopic(t, ada, term.id, cell.id, "X", 3);
    const groups = [
      await rankingGroup(t, [x.id]),
      await rankingGroup(t, [x.id]),
      await rankingGroup(t, [x.id]),
    ];
    const place = (capacity: number) =>
      call(committee, "PUT", `/api/terms/${term.id}/capacities/${ada.id}`, { capacity });
    expect((await place(0)).statusCode).toBe(200);
    expect(await run(term.id)).toMatchObject({ groups: 3, unmatched: 3 });
    expect((await draftOf(term.id)).draft.outOfDate).toBe(false);

    expect((await place(3)).statusCode).toBe(200);
    const stale = await draftOf(term.id);
    expect(stale.draft.blockingPairs).toHaveLength(3);
    await expectStale(term.id);

    expect(await run(term.id)).toMatchObject({ groups: 3, unmatched: 0 });
    expect((await draftOf(term.id)).draft).toMatchObject({ outOfDate: false, blockingPairs: [] });
    const res = await publish(term.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ placed: 3, unmatched: 0 });
    for (const g of groups)
      expect((await call(g.student, "GET", `/api/proposals/${g.proposal.id}`)).json().proposal).toMatchObject(
        {
          status: "Pending",
          supervisor: { id: ada.id },
        },
      );
  });

  it("the term's default places", async () => {
    const { term, ada, cell } = await allocationTerm(t, committee, { capacity: 0 });
    const x = await offerTopic(t, ada, term.id, cell.id, "X", 2);
    await rankingGroup(t, [x.id]);
    expect(await run(term.id)).toMatchObject({ unmatched: 1 });
    const patched = await call(committee, "PATCH", `/api/terms/${term.id}`, { defaultCapacity: 2 });
    expect(patched.statusCode, patched.body).toBe(200);
    await expectStale(term.id);
  });

  it("a group completing its invitations after the run", async () => {
    const { term, ada, cell } = await allocationTerm(t, committee, { capacity: 3 });
    const x = await offerTopic(t, ada, term.id, cell.id, "X", 3);
    await rankingGroup(t, [x.id]);
    const friend = await makeStudent(t);
    const pair = await rankingGroup(t, [x.id], { invite: [friend] });
    expect(pair.proposal.status).toBe("Awaiting members");
    expect(await run(term.id)).toMatchObject({ groups: 1 });
    const accepted = await call(friend, "POST", `/api/proposals/${pair.proposal.id}/invitation`, {
      accept: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await expectStale(term.id);
  });

  it("a member leaving a group", async () => {
    const { term, ada, cell } = await allocationTerm(t, committee, { capacity: 3 });
    const x = await offerTopic(t, ada, term.id, cell.id, "X", 3);
    const friend = await makeStudent(t);
    const pair = await rankingGroup(t, [x.id], { invite: [friend] });
    await call(friend, "POST", `/api/proposals/${pair.proposal.id}/invitation`, { accept: true });
    expect(await run(term.id)).toMatchObject({ groups: 1, unmatched: 0 });
    const left = await call(friend, "POST", `/api/proposals/${pair.proposal.id}/leave`);
    expect(left.statusCode, left.body).toBe(200);
    await expectStale(term.id);
  });

  it("a supervisor deactivated", async () => {
    const { term, ada, bo, cell } = await allocationTerm(t, committee, { capacity: 3 });
    const x = await offerTopic(t, ada, term.id, cell.id, "X", 3);
    const y = await offerTopic(t, bo, term.id, cell.id, "Y", 3);
    const g = await rankingGroup(t, [x.id, y.id]);
    await run(term.id);
    expect((await call(committee, "POST", `/api/users/${ada.id}/deactivate`)).statusCode).toBe(200);
    await expectStale(term.id);
    // Run again: the group falls to its next choice (the first of those still offered), and that draft publishes.
    await run(term.id);
    const draft = (await draftOf(term.id)).draft;
    expect(draft.assignments).toEqual([
      expect.objectContaining({ proposalId: g.proposal.id, topicId: y.id, rank: 1 }),
    ]);
    expect((await publish(term.id)).statusCode).toBe(200);
  });

  it("preferences, rankings, a topic's edit and its withdrawal still count", async () => {
    const changes: [string, (s: Awaited<ReturnType<typeof setUp>>) => Promise<{ statusCode: number }>][] = [
      [
        "preferences",
        (s) =>
          call(s.g1.student, "PUT", `/api/proposals/${s.g1.proposal.id}/preferences`, {
            topicIds: [s.y.id, s.x.id],
          }),
      ],
      [
        "ranking",
        (s) =>
          call(s.ada, "PUT", `/api/terms/${s.term.id}/ranking`, {
            proposalIds: [s.g2.proposal.id, s.g1.proposal.id],
          }),
      ],
      ["topic edit", (s) => call(s.ada, "PATCH", `/api/topics/${s.x.id}`, { capacity: 2 })],
      ["topic withdrawn", (s) => call(s.bo, "DELETE", `/api/topics/${s.y.id}`)],
    ];
    async function setUp() {
      const { term, ada, bo, cell } = await allocationTerm(t, committee, { capacity: 3 });
      const x = await offerTopic(t, ada, term.id, cell.id, "X", 1);
      const y = await offerTopic(t, bo, term.id, cell.id, "Y", 1);
      const g1 = await rankingGroup(t, [x.id, y.id]);
      const g2 = await rankingGroup(t, [x.id, y.id]);
      return { term, ada, bo, x, y, g1, g2 };
    }
    for (const [name, change] of changes) {
      const s = await setUp();
      await run(s.term.id);
      expect((await draftOf(s.term.id)).draft.outOfDate, name).toBe(false);
      expect((await change(s)).statusCode, name).toBe(200);
      await expectStale(s.term.id);
    }
  });
});

describe("a change racing the publication", () => {
  /**
   * Every input change at once with the publication, on PostgreSQL really in parallel: either the
   * publication saw none of them (and each later change found the term published, or came after
   * it), or it saw one and refused. Never a 500 (a deadlock), never a change committed under it.
   */
  it("is never published over: each change is refused, or comes after the publication, or the publication is refused", async () => {
    // Each change starts 0–16 ms after the publication, each round in another order, so that some
    // land before its locks, some while it holds them and some after it (any order must hold).
    for (let round = 0; round < 6; round++) {
      const { term, ada, bo, cell } = await allocationTerm(t, committee, { capacity: 3 });
      const x = await offerTopic(t, ada, term.id, cell.id, "X", 3);
      const y = await offerTopic(t, bo, term.id, cell.id, "Y", 3);
      const friend = await makeStudent(t);
      const pair = await rankingGroup(t, [x.id, y.id], { invite: [friend] });
      await call(friend, "POST", `/api/proposals/${pair.proposal.id}/invitation`, { accept: true });
      const solo = await rankingGroup(t, [y.id, x.id]);
      await run(term.id);

      let nth = 0;
      const later = <T>(request: () => Promise<T>) => {
        const delay = ((round + nth++) % 5) * 4;
        return new Promise<T>((resolve, reject) => setTimeout(() => request().then(resolve, reject), delay));
      };
      const [published, ...changes] = await Promise.all([
        publish(term.id),
        later(() => call(friend, "POST", `/api/proposals/${pair.proposal.id}/leave`)),
        later(() => call(committee, "PUT", `/api/terms/${term.id}/capacities/${bo.id}`, { capacity: 1 })),
        later(() => call(committee, "PATCH", `/api/terms/${term.id}`, { defaultCapacity: 2 })),
        later(() =>
          call(solo.student, "PUT", `/api/proposals/${solo.proposal.id}/preferences`, { topicIds: [y.id] }),
        ),
        later(() => call(committee, "POST", `/api/users/${ada.id}/deactivate`)),
      ]);
      expect([200, 409], published.body).toContain(published.statusCode);
      for (const c of changes) expect([200, 409], c.body).toContain(c.statusCode);
      const ids = await selectRows<{ kind: string; action: string; id: number }>(
        t.database.db,
        sql`select kind, action, max(id)::int as id from activity
             where (kind, action) in (('allocation', 'publish'), ('invitation', 'leave'), ('place', 'set'),
                                      ('term', 'update'), ('allocation', 'preferences'), ('account', 'deactivate'))
               and at >= (select made_at from allocation_drafts where term_id = ${term.id})
               and (subject_id = ${term.id} or proposal_id in (${pair.proposal.id}, ${solo.proposal.id})
                    or subject_id in (${ada.id}, ${bo.id}))
             group by kind, action`,
      );
      const publishedAt = ids.find((r) => r.action === "publish")?.id;
      if (published.statusCode === 200) {
        // Whatever changed did so after the publication (or was refused because of it).
        for (const r of ids)
          if (r.action !== "publish") expect(r.id, `${r.kind} ${r.action}`).toBeGreaterThan(publishedAt!);
        // The group was placed whole: the member who tried to leave was refused.
        expect(changes[0].statusCode).toBe(409);
      } else {
        expect(published.json().error.message).toBe(MSG.allocationOutOfDate);
        expect(await stateOf(term.id)).toEqual({ published: false, placed: 0 });
      }
    }
  });
});
