import { afterAll, beforeAll, expect, it } from "vitest";
import { allocationTerm, caller, currentTermId, offerTopic, rankingGroup } from "../../test/allocation";
import { createTestApp, makeCommittee, type TestContext, type TestUser } from "../../test/app";

/**
 * A group moved by hand takes its new topic's title and abstract unless it wrote its own (DESIGN.md
 * §11, §20; issue 33 item 4): moved in the draft and published, or placed by hand after publication.
 */

let t: TestContext;
let committee: TestUser;
let defaultTerm: string;
beforeAll(async () => {
  t = await createTestApp();
  committee = await makeCommittee(t);
  defaultTerm = await currentTermId(t, committee);
});
afterAll(async () => t?.close());

it("a group moved by hand reads its new topic's title and abstract, one that wrote its own keeps them", async () => {
  const call = caller(t);
  const { term, ada, bo, cell } = await allocationTerm(t, committee, { capacity: 3 });
  try {
    const x = await offerTopic(t, ada, term.id, cell.id, "X topic", 2);
    const y = await offerTopic(t, bo, term.id, cell.id, "Y topic", 1);
    const z = await offerTopic(t, bo, term.id, cell.id, "Z topic", 1);
    const moved = await rankingGroup(t, [x.id]);
    const own = await rankingGroup(t, [x.id], { title: "Our own title" });
    const ranked = await rankingGroup(t, [z.id]);
    const left = await rankingGroup(t, [z.id]);
    expect(
      (await call(bo, "PUT", `/api/terms/${term.id}/ranking`, { proposalIds: [ranked.proposal.id] }))
        .statusCode,
    ).toBe(200);
    expect((await call(committee, "POST", `/api/terms/${term.id}/allocation`)).statusCode).toBe(200);
    // The run puts both on X; one is moved to Y (off its list), the one with its own words off X and back.
    const move = (proposalId: string, topicId: string | null) =>
      call(committee, "PATCH", `/api/terms/${term.id}/allocation`, { proposalId, topicId });
    expect((await move(moved.proposal.id, y.id)).statusCode).toBe(200);
    expect((await move(own.proposal.id, null)).statusCode).toBe(200);
    expect((await move(own.proposal.id, y.id)).statusCode).toBe(409);
    expect((await move(own.proposal.id, x.id)).statusCode).toBe(200);
    expect((await call(committee, "POST", `/api/terms/${term.id}/allocation/publish`)).statusCode).toBe(200);

    const read = async (g: { student: TestUser; proposal: { id: string } }) => {
      const p = (await call(g.student, "GET", `/api/proposals/${g.proposal.id}`)).json().proposal;
      const v = (await call(g.student, "GET", `/api/proposals/${g.proposal.id}/versions`)).json().items;
      return { title: p.title, abstract: p.abstract, versions: v.map((x: { title: string }) => x.title) };
    };
    // Moved in the draft from X (its run's topic) to Y: Y's words, never X's.
    expect(await read(moved)).toEqual({
      title: "Y topic",
      abstract: "About Y topic.",
      versions: ["Y topic"],
    });
    expect(await read(own)).toMatchObject({ title: "Our own title", abstract: "Ours." });
    // Left unmatched, then placed by hand after publication on X.
    expect(
      (await call(committee, "POST", `/api/proposals/${left.proposal.id}/place`, { topicId: x.id }))
        .statusCode,
    ).toBe(200);
    expect(await read(left)).toEqual({ title: "X topic", abstract: "About X topic.", versions: ["X topic"] });
  } finally {
    await call(committee, "POST", `/api/terms/${defaultTerm}/current`);
  }
});
