import type { ProposalGroup } from "@shared/schemas/proposals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
} from "../../test/app";
import { makeProposal } from "../../test/factories";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const groups = (user: TestUser | null) =>
  t.app.inject({ method: "GET", url: "/api/proposals/groups", headers: sessionHeaders(user) });

const itemsOf = async (user: TestUser): Promise<ProposalGroup[]> => {
  const res = await groups(user);
  expect(res.statusCode).toBe(200);
  return res.json().items;
};

/** GET /api/proposals/groups: the lighter read behind the Chat and Notice pickers (issue 30 item 17). */
describe("GET /api/proposals/groups", () => {
  it("answers 401 signed out", async () => {
    expect((await groups(null)).statusCode).toBe(401);
  });

  it("gives each person the groups they may see, newest first, with title, status, supervisor and people only", async () => {
    const supervisor = await makeSupervisor(t);
    const other = await makeSupervisor(t);
    const [ada, ben, cy, invited] = [
      await makeStudent(t, { name: "Ada Member" }),
      await makeStudent(t, { name: "Ben Member" }),
      await makeStudent(t, { name: "Cy Other" }),
      await makeStudent(t, { name: "Ivy Invited" }),
    ];
    const old = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [ada.id, ben.id],
      status: "Denied",
      title: "An older group",
    });
    const newer = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [ada.id],
      invitedIds: [invited.id],
      status: "Awaiting members",
      title: "A group still forming",
    });
    const elsewhere = await makeProposal(t, {
      supervisorId: other.id,
      memberIds: [cy.id],
      title: "Another's",
    });

    // A student: the groups they are an accepted member of, never another's.
    const ofAda = await itemsOf(ada);
    expect(ofAda.map((g) => g.id)).toEqual([newer.id, old.id]);
    expect(ofAda[1]).toEqual({
      id: old.id,
      title: "An older group",
      status: "Denied",
      supervisor: { id: supervisor.id, name: supervisor.name },
      members: [
        { id: ada.id, name: "Ada Member" },
        { id: ben.id, name: "Ben Member" },
      ],
    });
    // Open invitations are shown as the list shows them, by position after the members.
    expect(ofAda[0].members.map((m) => m.name)).toEqual(["Ada Member", "Ivy Invited"]);
    // An invitee sees the group they are invited to, as in the list (shared/src/proposal-access.ts).
    expect((await itemsOf(invited)).map((g) => g.id)).toEqual([newer.id]);
    expect((await itemsOf(cy)).map((g) => g.id)).toEqual([elsewhere.id]);

    // A supervisor: those addressed to them that have reached them (an Awaiting-members group has not).
    expect((await itemsOf(supervisor)).map((g) => g.id)).toEqual([old.id]);
    expect((await itemsOf(other)).map((g) => g.id)).toEqual([elsewhere.id]);

    // The committee: every proposal, newest first.
    const committee = await makeCommittee(t);
    const all = (await itemsOf(committee)).map((g) => g.id);
    expect(all.slice(0, 3)).toEqual([elsewhere.id, newer.id, old.id]);

    // One visibility rule: for everyone, the same proposals in the same order as the list of every term.
    for (const who of [ada, ben, cy, invited, supervisor, other, committee]) {
      const list = await t.app.inject({
        method: "GET",
        url: "/api/proposals?termId=all&page=1&pageSize=100",
        headers: sessionHeaders(who),
      });
      expect((await itemsOf(who)).map((g) => g.id)).toEqual(
        (list.json().items as { id: string }[]).map((p) => p.id),
      );
    }
  });
});
