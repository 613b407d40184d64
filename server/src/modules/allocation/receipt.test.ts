import { MSG } from "@shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allocationTerm, caller, currentTermId, offerTopic, rankingGroup } from "../../test/allocation";
import { createTestApp, makeCommittee, makeStudent, type TestContext, type TestUser } from "../../test/app";
import { outboxFor } from "../../test/mail";

/**
 * A group's allocation receipt through the API (DESIGN.md §20, issue 33 item 1): in counts,
 * checked against the matching, to the group's members once published and to the committee on the
 * draft; nobody else.
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

describe("the allocation receipt", () => {
  it("says why each better-ranked topic went elsewhere, names the move by hand behind a blocking pair, and shows only to the group and the committee", async () => {
    const { term, ada, bo, cell } = await allocationTerm(t, committee);
    try {
      const x = await offerTopic(t, ada, term.id, cell.id, "X topic");
      // Y is a project: the group placed on it becomes one (the type follows the topic, issue 33 item 6).
      const made = await call(bo, "POST", "/api/topics", {
        termId: term.id,
        title: "Y topic",
        description: "About Y topic.",
        type: "Project",
        researchCellId: cell.id,
        capacity: 1,
      });
      expect(made.statusCode).toBe(201);
      const y = made.json().topic as { id: string };
      const g1 = await rankingGroup(t, [x.id, y.id]);
      const g2 = await rankingGroup(t, [x.id]);
      const g3 = await rankingGroup(t, [y.id]);
      const rank = (s: TestUser, ids: string[]) =>
        call(s, "PUT", `/api/terms/${term.id}/ranking`, { proposalIds: ids });
      expect((await rank(ada, [g2.proposal.id, g1.proposal.id])).statusCode).toBe(200);
      expect((await rank(bo, [g1.proposal.id, g3.proposal.id])).statusCode).toBe(200);
      const receipt = (u: TestUser | null, g: { proposal: { id: string } }) =>
        call(u, "GET", `/api/terms/${term.id}/allocation/receipt?proposalId=${g.proposal.id}`);

      // Before a run there is nothing to explain; students see no draft's receipt at all.
      expect((await receipt(committee, g1)).statusCode).toBe(404);
      expect((await call(committee, "POST", `/api/terms/${term.id}/allocation`)).statusCode).toBe(200);
      const draftOnly = await receipt(g1.student, g1);
      expect(draftOnly.statusCode).toBe(404);
      expect(draftOnly.json().error.message).toBe(MSG.notInAllocation);

      // The committee on the draft: X's one place went to g2, whom Ada ranked above g1.
      const r1 = (await receipt(committee, g1)).json().receipt;
      expect(r1).toMatchObject({
        published: false,
        got: { topicId: y.id, title: "Y topic", rank: 2 },
        reasons: [
          {
            topicId: x.id,
            rank: 1,
            why: "topicFull",
            sentence: MSG.receiptTopicFull("X topic", 1),
          },
        ],
        blockingPairs: 0,
      });

      // A move by hand that leaves X empty: g1's reason is now a blocking pair the move made.
      await call(committee, "PATCH", `/api/terms/${term.id}/allocation`, {
        proposalId: g2.proposal.id,
        topicId: null,
      });
      const moved = (await receipt(committee, g1)).json().receipt;
      expect(moved.reasons).toEqual([
        expect.objectContaining({
          why: "blockingPair",
          sentence: MSG.receiptBlocking("X topic", MSG.receiptOtherMove(1, 1)),
        }),
      ]);
      const own = (await receipt(committee, g2)).json().receipt;
      expect(own).toMatchObject({ got: null, blockingPairs: 1 });
      expect(own.reasons[0].sentence).toBe(MSG.receiptBlocking("X topic", MSG.receiptOwnMove(null)));
      await call(committee, "PATCH", `/api/terms/${term.id}/allocation`, {
        proposalId: g2.proposal.id,
        topicId: x.id,
      });

      expect((await call(committee, "POST", `/api/terms/${term.id}/allocation/publish`)).statusCode).toBe(
        200,
      );

      // The draft's moves are not the group's history; the publication is, with its result.
      const timeline = (await call(g2.student, "GET", `/api/proposals/${g2.proposal.id}/timeline`)).json()
        .items;
      expect(timeline.filter((r: { action: string }) => r.action === "move")).toEqual([]);
      expect(timeline.filter((r: { action: string }) => r.action === "publish")).toEqual([
        expect.objectContaining({ note: "Choice 1", subject: { id: x.id, name: "X topic" } }),
      ]);
      const log = (await call(committee, "GET", "/api/activity?kind=allocation")).json().items;
      expect(log.filter((r: { action: string }) => r.action === "move")).toHaveLength(2);

      const typeOf = async (g: { student: TestUser; proposal: { id: string } }) =>
        (await call(g.student, "GET", `/api/proposals/${g.proposal.id}`)).json().proposal.type;
      expect(await typeOf(g1)).toBe("Project");
      expect(await typeOf(g2)).toBe("Thesis");

      // Published: each group's members read their own, from the certificate.
      const mine = await receipt(g1.student, g1);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().receipt).toMatchObject({
        published: true,
        got: { topicId: y.id, rank: 2 },
        reasons: [{ topicId: x.id, why: "topicFull", sentence: MSG.receiptTopicFull("X topic", 1) }],
      });
      // g3 listed only Y, whose one place went to g1, ranked above it by Bo.
      expect((await receipt(g3.student, g3)).json().receipt).toMatchObject({
        got: null,
        reasons: [{ topicId: y.id, sentence: MSG.receiptTopicFull("Y topic", 1) }],
        blockingPairs: 0,
      });
      // g2 got its first choice: nothing to explain.
      expect((await receipt(g2.student, g2)).json().receipt).toMatchObject({ reasons: [], blockingPairs: 0 });
      // No other student's name travels in any of it.
      for (const g of [g1, g2, g3]) expect(mine.body).not.toContain(g.student.name);

      // Another group's receipt, a supervisor, a stranger: 404; signed out: 401; a bad id: 400.
      for (const [u, g] of [
        [g1.student, g3],
        [ada, g1],
        [await makeStudent(t), g1],
      ] as const) {
        const r = await receipt(u, g);
        expect(r.statusCode).toBe(404);
        expect(r.json().error.message).toBe(MSG.notInAllocation);
      }
      expect((await receipt(null, g1)).statusCode).toBe(401);
      const bad = await call(committee, "GET", `/api/terms/${term.id}/allocation/receipt?proposalId=nope`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toEqual({ proposalId: "Choose a group." });
    } finally {
      await call(committee, "POST", `/api/terms/${defaultTerm}/current`);
    }
  });
});

describe("an allocation group before it has a title (issue 33 item 5)", () => {
  it("is invited to with its ranked topics, and named by its creator in every email: never an empty title", async () => {
    const { term, ada, cell } = await allocationTerm(t, committee);
    try {
      const x = await offerTopic(t, ada, term.id, cell.id, "X topic");
      const y = await offerTopic(t, ada, term.id, cell.id, "Y topic");
      const friend = await makeStudent(t);
      const g = await rankingGroup(t, [y.id, x.id], { invite: [friend] });
      const [inv] = (await call(friend, "GET", "/api/invitations")).json().items;
      expect(inv).toMatchObject({ proposalId: g.proposal.id, title: "", topics: ["Y topic", "X topic"] });
      expect(
        (await call(friend, "POST", `/api/proposals/${g.proposal.id}/invitation`, { accept: true }))
          .statusCode,
      ).toBe(200);
      const named = MSG.untitledGroup(g.student.name);
      const mails = [...(await outboxFor(t, friend.email)), ...(await outboxFor(t, g.student.email))].filter(
        (m) => m.kind !== "welcome",
      );
      expect(mails.length).toBeGreaterThan(0);
      for (const m of mails) {
        expect(`${m.subject}\n${m.body}`).not.toMatch(/""|“”/);
      }
      expect(mails.some((m) => m.body.includes(named))).toBe(true);
    } finally {
      await call(committee, "POST", `/api/terms/${defaultTerm}/current`);
    }
  });
});
