import { MSG } from "@shared/messages";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import {
  caller,
  currentTermId,
  allocationTerm as makeAllocationTerm,
  offerTopic,
  rankingGroup,
} from "../../test/allocation";
import { createTestApp, makeCommittee, makeStudent, type TestContext, type TestUser } from "../../test/app";
import { acceptInvitations, makeCell } from "../../test/factories";

/**
 * Allocation terms through the API (DESIGN.md §11, §15): topics, groups ranking them, supervisors
 * ranking their applicants, the run, moves by hand, the publication and placing by hand.
 */

let t: TestContext;
let committee: TestUser;
let defaultTerm: string;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  committee = await makeCommittee(t);
  call = caller(t);
  defaultTerm = await currentTermId(t, committee);
});
afterAll(async () => t?.close());

/** A current allocation term with two supervisors (one place each unless said) in one cell. */
const allocationTerm = (o: { capacity?: number; maxPreferences?: number } = {}) =>
  makeAllocationTerm(t, committee, o);
const topic = (s: TestUser, termId: string, cellId: string, title: string, capacity = 1) =>
  offerTopic(t, s, termId, cellId, title, capacity);
const group = (preferences: string[], title?: string) => rankingGroup(t, preferences, { title });
const restore = () => call(committee, "POST", `/api/terms/${defaultTerm}/current`);

describe("topics", () => {
  it("a supervisor publishes topics in their own cells of an allocation term; students see the current term's", async () => {
    const { term, ada, bo, cell } = await allocationTerm();
    try {
      const other = await makeCell(t, [bo.id]);
      const notMine = await call(ada, "POST", "/api/topics", {
        termId: term.id,
        title: "Elsewhere",
        description: ".",
        type: "Thesis",
        researchCellId: other.id,
        capacity: 1,
      });
      expect(notMine.statusCode).toBe(400);
      expect(notMine.json().error.fields).toEqual({ researchCellId: MSG.notYourCell });
      const bad = await call(ada, "POST", "/api/topics", {
        termId: term.id,
        title: "",
        type: "Essay",
        capacity: 0,
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields).sort()).toEqual([
        "capacity",
        "description",
        "researchCellId",
        "title",
        "type",
      ]);
      const direct = await call(ada, "POST", "/api/topics", {
        termId: defaultTerm,
        title: "Direct",
        description: ".",
        type: "Thesis",
        researchCellId: cell.id,
        capacity: 1,
      });
      expect(direct.statusCode).toBe(409);
      expect((await call(await makeStudent(t), "POST", "/api/topics", {})).statusCode).toBe(403);

      const graphs = await topic(ada, term.id, cell.id, "Graph neural networks");
      await topic(bo, term.id, cell.id, "Green networking");
      const student = await makeStudent(t);
      const list = async (q: string) =>
        (await call(student, "GET", `/api/topics?${q}`)).json().items.map((x: { title: string }) => x.title);
      expect(await list("")).toEqual(["Graph neural networks", "Green networking"]);
      expect(await list("q=graph")).toEqual(["Graph neural networks"]);
      expect(await list(`supervisorId=${bo.id}`)).toEqual(["Green networking"]);
      // Only its supervisor changes or withdraws it (404 for anyone else's).
      expect((await call(bo, "PATCH", `/api/topics/${graphs.id}`, { capacity: 2 })).statusCode).toBe(404);
      const edited = await call(ada, "PATCH", `/api/topics/${graphs.id}`, {
        capacity: 2,
        title: "Graph learning",
      });
      expect(edited.json().topic).toMatchObject({ capacity: 2, title: "Graph learning" });
      expect((await call(ada, "DELETE", `/api/topics/${graphs.id}`)).json().topic.withdrawn).toBe(true);
      expect(await list("")).toEqual(["Green networking"]);
      expect(
        (await call(ada, "GET", "/api/topics?mine=true"))
          .json()
          .items.map((x: { withdrawn: boolean }) => x.withdrawn),
      ).toEqual([true]);
    } finally {
      await restore();
    }
  });
});

describe("groups ranking topics", () => {
  it("a group submits its ranked topics instead of a supervisor; bad lists are refused naming the problem", async () => {
    const { term, ada, bo, cell } = await allocationTerm({ maxPreferences: 2 });
    try {
      const a = await topic(ada, term.id, cell.id, "Alpha");
      const b = await topic(bo, term.id, cell.id, "Beta");
      const c = await topic(bo, term.id, cell.id, "Gamma");
      const s = await makeStudent(t);
      const submit = (body: object) => call(s, "POST", "/api/proposals", { type: "Thesis", ...body });
      expect((await submit({ preferences: [a.id, b.id, c.id] })).json().error.fields).toEqual({
        topicIds: MSG.tooManyPreferences(2),
      });
      expect((await submit({ preferences: [a.id, a.id] })).json().error.fields).toEqual({
        preferences: "A topic is listed twice.",
      });
      expect((await submit({ preferences: [crypto.randomUUID()] })).json().error.fields).toEqual({
        topicIds: MSG.unknownTopic,
      });
      const chooses = await submit({
        title: "T",
        abstract: "A",
        researchCellId: cell.id,
        supervisorId: ada.id,
      });
      expect(chooses.statusCode).toBe(409);
      expect(chooses.json().error.message).toBe(MSG.rankTopicsInstead(term.name));
      await call(bo, "DELETE", `/api/topics/${c.id}`);
      expect((await submit({ preferences: [c.id] })).json().error.fields).toEqual({
        topicIds: MSG.withdrawnTopic("Gamma"),
      });

      const made = await submit({ preferences: [b.id, a.id] });
      expect(made.statusCode).toBe(201);
      expect(made.json().proposal).toMatchObject({
        status: "Awaiting allocation",
        supervisor: null,
        researchCell: null,
        title: "",
      });
      // Nobody's place is taken with a supervisor: the proposal reaches no supervisor until it is placed.
      expect((await call(ada, "GET", `/api/proposals/${made.json().proposal.id}`)).statusCode).toBe(404);

      // A group formed by consent is Awaiting allocation once every invitation is answered.
      const [creator, friend] = [await makeStudent(t), await makeStudent(t)];
      const pair = await call(creator, "POST", "/api/proposals", {
        type: "Project",
        preferences: [a.id],
        memberIds: [friend.id],
      });
      expect(pair.json().proposal.status).toBe("Awaiting members");
      await acceptInvitations(t, pair.json().proposal.id, [friend]);
      const after = await call(friend, "GET", `/api/proposals/${pair.json().proposal.id}`);
      expect(after.json().proposal.status).toBe("Awaiting allocation");

      // The group changes its list; a withdrawn topic leaves every list and the group is told.
      const id = made.json().proposal.id;
      expect(
        (await call(s, "PUT", `/api/proposals/${id}/preferences`, { topicIds: [a.id, b.id] })).statusCode,
      ).toBe(200);
      // The group (and the committee) read the list back, best first, with the term's maximum.
      const read = await call(s, "GET", `/api/proposals/${id}/preferences`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({
        items: [
          {
            topicId: a.id,
            title: "Alpha",
            supervisor: { id: ada.id, name: "Prof. Ada" },
            researchCell: { id: cell.id, title: expect.any(String) },
          },
          expect.objectContaining({
            topicId: b.id,
            title: "Beta",
            supervisor: { id: bo.id, name: "Prof. Bo" },
          }),
        ],
        maxPreferences: 2,
        publishedAt: null,
      });
      expect(
        (await call(committee, "GET", `/api/proposals/${id}/preferences`))
          .json()
          .items.map((x: { topicId: string }) => x.topicId),
      ).toEqual([a.id, b.id]);
      // Nobody else sees it, the topics' supervisors included (the group has not reached them).
      expect((await call(await makeStudent(t), "GET", `/api/proposals/${id}/preferences`)).statusCode).toBe(
        404,
      );
      expect((await call(ada, "GET", `/api/proposals/${id}/preferences`)).statusCode).toBe(404);
      expect(
        (await call(await makeStudent(t), "PUT", `/api/proposals/${id}/preferences`, { topicIds: [a.id] }))
          .statusCode,
      ).toBe(404);
      await call(ada, "DELETE", `/api/topics/${a.id}`);
      const left = await selectRows<{ topic_id: string; rank: number }>(
        t.database.db,
        sql`select topic_id, rank from proposal_preferences where proposal_id = ${id} order by rank`,
      );
      expect(left).toEqual([{ topic_id: b.id, rank: 1 }]);
      const told = await selectRows<{ subject: string }>(
        t.database.db,
        sql`select subject from outbox where user_id = ${s.id} and kind = 'proposal.changed'`,
      );
      expect(told.map((m) => m.subject)).toContain("A topic you ranked was withdrawn: Alpha");
    } finally {
      await restore();
    }
  });
});

describe("the allocation", () => {
  it("supervisors rank their applicants; the committee runs, moves and publishes; groups get their topics", async () => {
    const { term, ada, bo, cell } = await allocationTerm({ capacity: 1 });
    try {
      const x = await topic(ada, term.id, cell.id, "X topic");
      const y = await topic(bo, term.id, cell.id, "Y topic");
      const g1 = await group([x.id, y.id]);
      const g2 = await group([x.id, y.id], "Our own title");
      const g3 = await group([x.id]);

      // Ada ranks g2 first; a group that did not list her topics cannot be in her ranking.
      const applicants = (await call(ada, "GET", `/api/terms/${term.id}/applicants`)).json().items;
      expect(applicants.map((a: { proposalId: string }) => a.proposalId).sort()).toEqual(
        [g1.proposal.id, g2.proposal.id, g3.proposal.id].sort(),
      );
      const outsider = await group([y.id]);
      const wrong = await call(ada, "PUT", `/api/terms/${term.id}/ranking`, {
        proposalIds: [outsider.proposal.id],
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toEqual({ proposalIds: MSG.notAnApplicant });
      expect(
        (
          await call(ada, "PUT", `/api/terms/${term.id}/ranking`, {
            proposalIds: [g2.proposal.id, g1.proposal.id],
          })
        ).statusCode,
      ).toBe(200);
      // Bo ranks g1 first, so Y goes to g1 whatever the lot draws for the others.
      expect(
        (await call(bo, "PUT", `/api/terms/${term.id}/ranking`, { proposalIds: [g1.proposal.id] }))
          .statusCode,
      ).toBe(200);

      // Only the committee runs; a run changes nothing but the draft.
      expect((await call(ada, "POST", `/api/terms/${term.id}/allocation`)).statusCode).toBe(403);
      const run = await call(committee, "POST", `/api/terms/${term.id}/allocation`);
      expect(run.statusCode).toBe(200);
      expect(run.json()).toMatchObject({ groups: 4, byRank: [1, 1], unmatched: 2 });
      const draft = (await call(committee, "GET", `/api/terms/${term.id}/allocation`)).json();
      const of = (id: string) =>
        draft.draft.assignments.find((a: { proposalId: string }) => a.proposalId === id);
      // Ada takes one group and ranked g2 first: g2 gets X; g1 falls back to Y, which it prefers to nothing.
      expect(of(g2.proposal.id)).toMatchObject({ topicId: x.id, rank: 1 });
      expect(of(g1.proposal.id)).toMatchObject({ topicId: y.id, rank: 2 });
      expect(of(g3.proposal.id)).toMatchObject({ topicId: null });
      expect(draft.draft).toMatchObject({ outOfDate: false, moved: false, blockingPairs: [] });
      // Each group is named for the committee's screen: its title ("" until it writes one) and its creator.
      expect(of(g2.proposal.id)).toMatchObject({ title: "Our own title", creator: g2.student.name });
      expect(of(g1.proposal.id)).toMatchObject({ title: "", creator: g1.student.name });
      expect(draft.groups.find((g: { proposalId: string }) => g.proposalId === g1.proposal.id)).toMatchObject(
        { title: "", creator: g1.student.name, preferences: [x.id, y.id] },
      );
      expect((await call(g1.student, "GET", `/api/proposals/${g1.proposal.id}`)).json().proposal.status).toBe(
        "Awaiting allocation",
      );

      // A move by hand that breaks stability is listed; a move past a topic's places is refused.
      const full = await call(committee, "PATCH", `/api/terms/${term.id}/allocation`, {
        proposalId: g3.proposal.id,
        topicId: x.id,
      });
      expect(full.statusCode).toBe(409);
      expect(full.json().error.message).toBe(MSG.topicFull("X topic"));
      const moved = await call(committee, "PATCH", `/api/terms/${term.id}/allocation`, {
        proposalId: g2.proposal.id,
        topicId: null,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().blockingPairs).toContainEqual({ proposalId: g2.proposal.id, topicId: x.id });
      await call(committee, "PATCH", `/api/terms/${term.id}/allocation`, {
        proposalId: g2.proposal.id,
        topicId: x.id,
      });

      // A change after the run makes the draft out of date: publishing it is refused.
      await call(g3.student, "PUT", `/api/proposals/${g3.proposal.id}/preferences`, {
        topicIds: [y.id, x.id],
      });
      expect((await call(committee, "GET", `/api/terms/${term.id}/allocation`)).json().draft.outOfDate).toBe(
        true,
      );
      const stale = await call(committee, "POST", `/api/terms/${term.id}/allocation/publish`);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toBe(MSG.allocationOutOfDate);

      await call(committee, "POST", `/api/terms/${term.id}/allocation`);
      const published = await call(committee, "POST", `/api/terms/${term.id}/allocation/publish`);
      expect(published.statusCode, published.body).toBe(200);
      const p2 = (await call(g2.student, "GET", `/api/proposals/${g2.proposal.id}`)).json().proposal;
      expect(p2).toMatchObject({
        status: "Pending",
        supervisor: { id: ada.id },
        researchCell: { id: cell.id },
        title: "Our own title",
        version: 1,
      });
      const p1 = (await call(g1.student, "GET", `/api/proposals/${g1.proposal.id}`)).json().proposal;
      expect(p1).toMatchObject({
        status: "Pending",
        supervisor: { id: bo.id },
        title: "Y topic",
        abstract: "About Y topic.",
        version: 1,
      });
      expect((await call(bo, "GET", `/api/proposals/${g1.proposal.id}`)).statusCode).toBe(200);
      // The term says it is published, its topics count the groups placed on them, lists say frozen.
      const published2 = (await call(g1.student, "GET", "/api/terms"))
        .json()
        .items.find((x: { id: string }) => x.id === term.id);
      expect(published2.allocationPublishedAt).toEqual(expect.any(String));
      const mineNow = (await call(ada, "GET", `/api/topics?termId=${term.id}&mine=true`)).json().items;
      expect(mineNow).toEqual([expect.objectContaining({ id: x.id, capacity: 1, placed: 1 })]);
      expect(
        (await call(g1.student, "GET", `/api/proposals/${g1.proposal.id}/preferences`)).json().publishedAt,
      ).toEqual(published2.allocationPublishedAt);
      const mails = await selectRows<{ user_id: string; subject: string }>(
        t.database.db,
        sql`select user_id, subject from outbox where kind = 'proposal.changed' and subject like 'Your group''s topic%' or subject like 'No topic for your group yet%'`,
      );
      expect(mails.map((m) => m.user_id)).toEqual(
        expect.arrayContaining([g1.student.id, g2.student.id, g3.student.id]),
      );

      // Published once; then topics and preferences are frozen.
      const again = await call(committee, "POST", `/api/terms/${term.id}/allocation/publish`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(MSG.allocationPublished(term.name));
      expect(
        (
          await call(ada, "POST", "/api/topics", {
            termId: term.id,
            title: "Late",
            description: ".",
            type: "Thesis",
            researchCellId: cell.id,
            capacity: 1,
          })
        ).statusCode,
      ).toBe(409);
      expect(
        (
          await call(g3.student, "PUT", `/api/proposals/${g3.proposal.id}/preferences`, { topicIds: [y.id] })
        ).json().error.message,
      ).toBe(MSG.allocationFrozen(term.name));

      // The committee places an unmatched group by hand: places are checked.
      const fullTopic = await call(committee, "POST", `/api/proposals/${g3.proposal.id}/place`, {
        topicId: x.id,
      });
      expect(fullTopic.statusCode).toBe(409);
      expect(fullTopic.json().error.message).toBe(MSG.topicFull("X topic"));
      const z = await (async () => {
        // A topic added to Bo before… no: topics are frozen. Give Bo room instead and use Y's second place.
        await call(committee, "PUT", `/api/terms/${term.id}/capacities/${bo.id}`, { capacity: 2 });
        await t.database.db.execute(sql`update topics set capacity = 2 where id = ${y.id}`);
        return call(committee, "POST", `/api/proposals/${g3.proposal.id}/place`, { topicId: y.id });
      })();
      expect(z.statusCode, z.body).toBe(200);
      expect(z.json().proposal).toMatchObject({
        status: "Pending",
        supervisor: { id: bo.id },
        title: "Y topic",
      });
      expect(
        (await call(ada, "POST", `/api/proposals/${outsider.proposal.id}/place`, { topicId: y.id }))
          .statusCode,
      ).toBe(403);
    } finally {
      await restore();
    }
  });

  it("publishing is atomic: a group that left since the run makes it out of date and nothing is placed", async () => {
    const { term, ada, cell } = await allocationTerm({ capacity: 3 });
    try {
      const x = await topic(ada, term.id, cell.id, "Only topic", 3);
      const g1 = await group([x.id]);
      const g2 = await group([x.id]);
      await call(committee, "POST", `/api/terms/${term.id}/allocation`);
      // g2 withdraws straight in the database, through no service: the publication must notice.
      await t.database.db.execute(
        sql`update proposals set status = 'Withdrawn' where id = ${g2.proposal.id}`,
      );
      const res = await call(committee, "POST", `/api/terms/${term.id}/allocation/publish`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(MSG.allocationOutOfDate);
      const statuses = await selectRows<{ status: string }>(
        t.database.db,
        sql`select status from proposals where id = ${g1.proposal.id}`,
      );
      expect(statuses[0].status).toBe("Awaiting allocation");
      const term2 = await selectRows<{ published: boolean }>(
        t.database.db,
        sql`select allocation_published_at is not null as published from terms where id = ${term.id}`,
      );
      expect(term2[0].published).toBe(false);
    } finally {
      await restore();
    }
  });
});
