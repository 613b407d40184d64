import { MSG } from "@shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allocationTerm, caller, currentTermId, offerTopic, rankingGroup } from "../../test/allocation";
import { createTestApp, makeCommittee, makeStudent, type TestContext, type TestUser } from "../../test/app";

/**
 * What-if scenarios of an allocation (DESIGN.md §20, §23; issue 33 item 2): a copy of the draft
 * whose capacities change without the real ones, run and compared with the draft, discarded or
 * adopted in one transaction; never a stale one; the committee's only.
 */

let t: TestContext;
let committee: TestUser;
let call: ReturnType<typeof caller>;
let defaultTerm: string;
beforeAll(async () => {
  t = await createTestApp();
  committee = await makeCommittee(t);
  call = caller(t);
  defaultTerm = await currentTermId(t, committee);
});
afterAll(async () => t?.close());

/**
 * X (Ada's, 1 place) and Y (Bo's, 1 place), each supervisor 1 place; Ada ranks g1, g3, g2. The
 * draft: g1 on X (1st), g2 on Y (2nd), g3 unmatched. With X and Ada at 2 places, g3 gets X.
 */
async function setup() {
  const { term, ada, bo, cell } = await allocationTerm(t, committee);
  const x = await offerTopic(t, ada, term.id, cell.id, "X topic");
  const y = await offerTopic(t, bo, term.id, cell.id, "Y topic");
  const g1 = await rankingGroup(t, [x.id, y.id]);
  const g2 = await rankingGroup(t, [x.id, y.id]);
  const g3 = await rankingGroup(t, [x.id]);
  const ranked = await call(ada, "PUT", `/api/terms/${term.id}/ranking`, {
    proposalIds: [g1.proposal.id, g3.proposal.id, g2.proposal.id],
  });
  expect(ranked.statusCode).toBe(200);
  const base = `/api/terms/${term.id}/allocation/scenarios`;
  return { term, ada, bo, x, y, g1, g2, g3, base };
}

const draftOf = async (termId: string) =>
  (await call(committee, "GET", `/api/terms/${termId}/allocation`)).json();
const realCapacities = async (termId: string) => {
  const a = await draftOf(termId);
  return {
    topics: a.topics.map((x: { id: string; capacity: number }) => [x.id, x.capacity]),
    supervisors: a.load.map((l: { supervisorId: string; capacity: number | null }) => [
      l.supervisorId,
      l.capacity,
    ]),
  };
};

describe("what-if scenarios", () => {
  it("a scenario changes and runs its own capacities, compares with the draft, and never changes the real ones", async () => {
    const { term, ada, x, y, g1, g2, g3, base } = await setup();
    try {
      // Only a draft can be copied.
      const early = await call(committee, "POST", base, {});
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe(MSG.allocationNotRun);
      expect((await call(committee, "POST", `/api/terms/${term.id}/allocation`)).statusCode).toBe(200);
      const draftBefore = await draftOf(term.id);
      const realBefore = await realCapacities(term.id);

      const made = await call(committee, "POST", base, { name: "More X" });
      expect(made.statusCode).toBe(201);
      const s = made.json().scenario;
      expect(s).toMatchObject({
        name: "More X",
        seed: draftBefore.draft.seed,
        stale: false,
        ranAt: null,
        comparison: null,
      });
      expect(s.topics.find((r: { id: string }) => r.id === x.id)).toMatchObject({ real: 1, scenario: 1 });

      const edited = await call(committee, "PATCH", `${base}/${s.id}`, {
        topicCapacities: { [x.id]: 2 },
        supervisorCapacities: { [ada.id]: 2 },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().scenario.topics.find((r: { id: string }) => r.id === x.id)).toMatchObject({
        real: 1,
        scenario: 2,
      });
      expect(edited.json().scenario.supervisors.find((r: { id: string }) => r.id === ada.id)).toMatchObject({
        real: 1,
        scenario: 2,
      });

      const ran = await call(committee, "POST", `${base}/${s.id}/run`);
      expect(ran.statusCode, ran.body).toBe(200);
      const cmp = ran.json().scenario.comparison;
      expect(cmp.draft).toMatchObject({ groups: 3, matched: 2, byRank: [1, 1], unmatched: 1 });
      expect(cmp.scenario).toMatchObject({ groups: 3, matched: 3, byRank: [2, 1], unmatched: 0 });
      const adaLoad = (f: { load: { supervisorId: string }[] }) =>
        f.load.find((l) => l.supervisorId === ada.id);
      expect(adaLoad(cmp.draft)).toMatchObject({ assigned: 1, capacity: 1 });
      expect(adaLoad(cmp.scenario)).toMatchObject({ assigned: 2, capacity: 2 });
      expect(cmp.changes).toEqual([
        expect.objectContaining({
          proposalId: g3.proposal.id,
          draft: { topicId: null, rank: null },
          scenario: { topicId: x.id, rank: 1 },
        }),
      ]);
      // g1 and g2 keep their topics in both.
      expect(cmp.changes.map((c: { proposalId: string }) => c.proposalId)).not.toContain(g1.proposal.id);
      expect(cmp.changes.map((c: { proposalId: string }) => c.proposalId)).not.toContain(g2.proposal.id);

      // Nothing real changed: capacities, the draft, and it is not out of date.
      expect(await realCapacities(term.id)).toEqual(realBefore);
      const draftAfter = await draftOf(term.id);
      expect(draftAfter.draft).toEqual(draftBefore.draft);
      expect(draftAfter.draft.outOfDate).toBe(false);
      const topic = (await call(ada, "GET", `/api/topics?termId=${term.id}&mine=true`)).json().items;
      expect(topic.find((r: { id: string }) => r.id === x.id).capacity).toBe(1);
      void y;

      // Read again, listed, then discarded: gone.
      expect((await call(committee, "GET", `${base}/${s.id}`)).json().scenario.comparison).toEqual(cmp);
      expect((await call(committee, "GET", base)).json().items).toEqual([
        expect.objectContaining({ id: s.id, name: "More X", stale: false }),
      ]);
      expect((await call(committee, "DELETE", `${base}/${s.id}`)).statusCode).toBe(200);
      expect((await call(committee, "GET", `${base}/${s.id}`)).statusCode).toBe(404);
      expect(await realCapacities(term.id)).toEqual(realBefore);
    } finally {
      await call(committee, "POST", `/api/terms/${defaultTerm}/current`);
    }
  });

  it("adopting applies the capacities and the result together; a stale or unrun scenario is refused with nothing changed", async () => {
    const { term, ada, bo, x, g3, base } = await setup();
    try {
      expect((await call(committee, "POST", `/api/terms/${term.id}/allocation`)).statusCode).toBe(200);
      const copy = async () => (await call(committee, "POST", base, {})).json().scenario.id as string;
      const a = await copy();
      const b = await copy();
      // Not run yet.
      const unrun = await call(committee, "POST", `${base}/${a}/adopt`);
      expect(unrun.statusCode).toBe(409);
      expect(unrun.json().error.message).toBe(MSG.scenarioNotRun);
      for (const id of [a, b]) {
        await call(committee, "PATCH", `${base}/${id}`, {
          topicCapacities: { [x.id]: 2 },
          supervisorCapacities: { [ada.id]: 2 },
        });
        expect((await call(committee, "POST", `${base}/${id}/run`)).statusCode).toBe(200);
      }
      // An edit after the run: the result is unknown again.
      await call(committee, "PATCH", `${base}/${b}`, { supervisorCapacities: { [bo.id]: 3 } });
      expect((await call(committee, "POST", `${base}/${b}/adopt`)).json().error.message).toBe(
        MSG.scenarioNotRun,
      );
      expect((await call(committee, "POST", `${base}/${b}/run`)).statusCode).toBe(200);

      // A real capacity changed since the copy: refused, nothing applied.
      const before = await draftOf(term.id);
      expect(
        (await call(committee, "PUT", `/api/terms/${term.id}/capacities/${bo.id}`, { capacity: 4 }))
          .statusCode,
      ).toBe(200);
      const stale = await call(committee, "POST", `${base}/${a}/adopt`);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toBe(MSG.scenarioStale);
      expect((await call(committee, "GET", `${base}/${a}`)).json().scenario.stale).toBe(true);
      const after = await draftOf(term.id);
      expect(after.draft.assignments).toEqual(before.draft.assignments);
      expect(after.topics.find((r: { id: string }) => r.id === x.id).capacity).toBe(1);
      expect(after.load.find((l: { supervisorId: string }) => l.supervisorId === ada.id).capacity).toBe(1);

      // Copied again after the change, run and adopted: capacities and result both, the draft up to date.
      await call(committee, "DELETE", `${base}/${a}`);
      await call(committee, "DELETE", `${base}/${b}`);
      const c = await copy();
      await call(committee, "PATCH", `${base}/${c}`, {
        topicCapacities: { [x.id]: 2 },
        supervisorCapacities: { [ada.id]: 2 },
      });
      const ran = (await call(committee, "POST", `${base}/${c}/run`)).json().scenario;
      const other = await copy();
      const adopted = await call(committee, "POST", `${base}/${c}/adopt`);
      expect(adopted.statusCode, adopted.body).toBe(200);
      expect(adopted.json()).toMatchObject({
        groups: 3,
        byRank: ran.comparison.scenario.byRank,
        unmatched: 0,
      });
      const now = await draftOf(term.id);
      expect(now.draft.outOfDate).toBe(false);
      expect(now.draft.moved).toBe(false);
      expect(
        now.draft.assignments.find((r: { proposalId: string }) => r.proposalId === g3.proposal.id).topicId,
      ).toBe(x.id);
      expect(now.topics.find((r: { id: string }) => r.id === x.id).capacity).toBe(2);
      expect(now.load.find((l: { supervisorId: string }) => l.supervisorId === ada.id).capacity).toBe(2);
      expect((await call(committee, "GET", `${base}/${c}`)).statusCode).toBe(404);
      // The draft changed under the other copy: it is stale now, and refused.
      await call(committee, "POST", `${base}/${other}/run`);
      const late = await call(committee, "POST", `${base}/${other}/adopt`);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(MSG.scenarioStale);
      // The adopted draft publishes (it is not out of date).
      expect((await call(committee, "POST", `/api/terms/${term.id}/allocation/publish`)).statusCode).toBe(
        200,
      );
      expect((await call(committee, "POST", `${base}/${other}/run`)).statusCode).toBe(409);
    } finally {
      await call(committee, "POST", `/api/terms/${defaultTerm}/current`);
    }
  });

  it("two scenarios adopted at once: one wins, the other is refused as stale, nothing overwritten", async () => {
    const { term, ada, bo, x, y, base } = await setup();
    try {
      expect((await call(committee, "POST", `/api/terms/${term.id}/allocation`)).statusCode).toBe(200);
      const ids: string[] = [];
      for (const [topic, supervisor] of [
        [x.id, ada.id],
        [y.id, bo.id],
      ]) {
        const id = (await call(committee, "POST", base, {})).json().scenario.id;
        await call(committee, "PATCH", `${base}/${id}`, {
          topicCapacities: { [topic]: 3 },
          supervisorCapacities: { [supervisor]: 3 },
        });
        expect((await call(committee, "POST", `${base}/${id}/run`)).statusCode).toBe(200);
        ids.push(id);
      }
      const answers = await Promise.all(ids.map((id) => call(committee, "POST", `${base}/${id}/adopt`)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const won = answers.findIndex((r) => r.statusCode === 200);
      const now = await draftOf(term.id);
      const cap = (id: string) => now.topics.find((r: { id: string }) => r.id === id).capacity;
      expect([cap(x.id), cap(y.id)]).toEqual(won === 0 ? [3, 1] : [1, 3]);
      expect(now.draft.outOfDate).toBe(false);
    } finally {
      await call(committee, "POST", `/api/terms/${defaultTerm}/current`);
    }
  });

  it("only the committee; another term's scenario is 404; bad input is 400 with nothing changed", async () => {
    const { term, ada, x, base } = await setup();
    try {
      expect((await call(committee, "POST", `/api/terms/${term.id}/allocation`)).statusCode).toBe(200);
      const s = (await call(committee, "POST", base, {})).json().scenario;
      const student = await makeStudent(t);
      const urls: ["GET" | "POST" | "PATCH" | "DELETE", string][] = [
        ["GET", base],
        ["POST", base],
        ["GET", `${base}/${s.id}`],
        ["PATCH", `${base}/${s.id}`],
        ["DELETE", `${base}/${s.id}`],
        ["POST", `${base}/${s.id}/run`],
        ["POST", `${base}/${s.id}/adopt`],
      ];
      for (const [method, url] of urls) {
        expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(student, method, url)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(ada, method, url)).statusCode, `${method} ${url}`).toBe(403);
      }
      // Through another allocation term: no such scenario there.
      const other = (await allocationTerm(t, committee)).term;
      const elsewhere = `/api/terms/${other.id}/allocation/scenarios/${s.id}`;
      for (const [method, url] of [
        ["GET", elsewhere],
        ["PATCH", elsewhere],
        ["DELETE", elsewhere],
        ["POST", `${elsewhere}/run`],
        ["POST", `${elsewhere}/adopt`],
      ] as const)
        expect((await call(committee, method, url)).statusCode, `${method} ${url}`).toBe(404);

      const before = (await call(committee, "GET", `${base}/${s.id}`)).json().scenario;
      const bad = [
        { topicCapacities: { [x.id]: -1 } },
        { topicCapacities: { [x.id]: 1.5 } },
        { topicCapacities: { [x.id]: 0 } },
        { supervisorCapacities: { [ada.id]: -2 } },
        { supervisorCapacities: { [ada.id]: 2.5 } },
        { topicCapacities: { [x.id]: "3" } },
        { topicCapacities: { "not-a-uuid": 2 } },
        // Unknown ones: a topic of no term, a person offering no topic here; with a good change beside.
        { topicCapacities: { [x.id]: 4, "00000000-0000-4000-8000-000000000000": 2 } },
        { topicCapacities: { [x.id]: 4 }, supervisorCapacities: { [committee.id]: 2 } },
      ];
      for (const body of bad) {
        const res = await call(committee, "PATCH", `${base}/${s.id}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const unknown = await call(committee, "PATCH", `${base}/${s.id}`, bad[7]);
      expect(unknown.json().error.message).toBe(MSG.scenarioUnknownTopic);
      expect((await call(committee, "GET", `${base}/${s.id}`)).json().scenario).toEqual(before);
      expect(
        (await call(committee, "GET", `/api/terms/${term.id}/allocation/scenarios/not-a-uuid`)).statusCode,
      ).toBe(400);
      expect((await call(committee, "GET", `${base}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(
        404,
      );
    } finally {
      await call(committee, "POST", `/api/terms/${defaultTerm}/current`);
    }
  });
});
