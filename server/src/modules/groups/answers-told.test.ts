import type { LiveEvent } from "@shared/schemas/events";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import {
  createTestApp,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
} from "../../test/app";
import { makeCell } from "../../test/factories";
import { connectEvents } from "../../test/sse";

/**
 * Issue 30, item 5: each answer to an invitation reaches the creator as one notice (one email,
 * one live event, in the same words) that says who answered and how; an answer that completes
 * the group says so in that same notice instead of a second one.
 */

let t: TestContext;
let baseUrl: string;
let supervisor: TestUser;
let cellId: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  supervisor = await makeSupervisor(t, { name: "Prof. Told Once" });
  cellId = (await makeCell(t, [supervisor.id])).id;
});
afterAll(async () => t?.close());

const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: "POST", url, payload, headers: sessionHeaders(user) });

const emailsTo = (userId: string) =>
  selectRows<{ kind: string; subject: string; body: string }>(
    t.database.db,
    sql`select kind, subject, body from outbox where user_id = ${userId} and kind like 'proposal.%' order by id`,
  );

type Changed = Extract<LiveEvent, { type: "proposal.changed" }>;
const changes = (received: LiveEvent[], proposalId: string) =>
  received.filter(
    (e): e is Changed => e.type === "proposal.changed" && "proposalId" in e && e.proposalId === proposalId,
  );
/** Lets events that would come after the awaited one arrive (a second notice would). */
const settle = () => new Promise((r) => setTimeout(r, 400));

/** A proposal by `creator` inviting `invitees`, and the creator's live stream. */
async function invite(creator: TestUser, invitees: TestUser[], title: string) {
  const submitted = await post(creator, "/api/proposals", {
    title,
    abstract: "Each answer is one notice.",
    type: "Project",
    researchCellId: cellId,
    supervisorId: supervisor.id,
    memberIds: invitees.map((i) => i.id),
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  return { id: submitted.json().proposal.id as string, heard: await connectEvents(baseUrl, creator.cookie) };
}
const answer = async (u: TestUser, id: string, accept: boolean) =>
  expect((await post(u, `/api/proposals/${id}/invitation`, { accept })).statusCode).toBe(200);
const students = (...names: string[]) => Promise.all(names.map((name) => makeStudent(t, { name })));

describe("answers to an invitation, as the creator hears them", () => {
  it("a decline says who declined; the accept that completes the group is still one notice", async () => {
    const [creator, decliner, joiner] = await students("Cora Creator", "Dana Decliner", "Jo Joiner");
    const { id, heard } = await invite(creator, [decliner, joiner], "Told once");
    try {
      await answer(decliner, id, false);
      await heard.waitFor((e) => e.type === "proposal.changed" && e.action === "decline");
      await settle();
      expect(changes(heard.received, id).map((e) => [e.headline, e.message, e.status])).toEqual([
        [
          "Dana Decliner declined your invitation",
          'Dana Decliner declined your invitation to "Told once".',
          "Awaiting members",
        ],
      ]);

      await answer(joiner, id, true);
      await heard.waitFor((e) => e.type === "proposal.changed" && e.status === "Pending");
      await settle();
      expect(
        changes(heard.received, id)
          .slice(1)
          .map((e) => [e.headline, e.message]),
      ).toEqual([
        [
          "Jo Joiner joined your group",
          'Jo Joiner accepted your invitation to "Told once". Everyone invited has answered, so "Told once" is now with Prof. Told Once for review.',
        ],
      ]);
      // The emails say the same, one per answer; nobody is told of their own answer.
      const mails = await emailsTo(creator.id);
      expect(mails.map((e) => e.subject)).toEqual([
        "Dana Decliner declined your invitation: Told once",
        "Jo Joiner joined your group: Told once",
      ]);
      expect(mails[1].body).toContain("is now with Prof. Told Once for review.");
      expect(await emailsTo(joiner.id)).toEqual([]);
      expect(await emailsTo(decliner.id)).toEqual([]);
    } finally {
      heard.close();
    }
  });

  it("a member who accepted earlier hears once that the group is complete", async () => {
    const [creator, early, joiner] = await students("Cy Creator", "Eli Early", "Jay Joiner");
    const { id, heard } = await invite(creator, [early, joiner], "Complete once");
    const earlyHeard = await connectEvents(baseUrl, early.cookie);
    try {
      await answer(early, id, true);
      await heard.waitFor((e) => e.type === "proposal.changed" && e.action === "accept");
      await answer(joiner, id, true);
      await heard.waitFor((e) => e.type === "proposal.changed" && e.status === "Pending");
      await settle();
      expect(changes(heard.received, id).map((e) => e.headline)).toEqual([
        "Eli Early joined your group",
        "Jay Joiner joined your group",
      ]);
      expect(changes(earlyHeard.received, id).map((e) => [e.headline, e.message])).toEqual([
        [
          "Your group is complete",
          'Everyone invited has answered, so "Complete once" is now with Prof. Told Once for review.',
        ],
      ]);
      expect((await emailsTo(creator.id)).map((e) => e.subject)).toEqual([
        "Eli Early joined your group: Complete once",
        "Jay Joiner joined your group: Complete once",
      ]);
      expect((await emailsTo(early.id)).map((e) => e.subject)).toEqual([
        "Your group is complete: Complete once",
      ]);
    } finally {
      heard.close();
      earlyHeard.close();
    }
  });

  it("a decline that completes the group: one notice that says who declined and where the proposal went", async () => {
    const [creator, decliner] = await students("Cyd Creator", "Del Decliner");
    const { id, heard } = await invite(creator, [decliner], "Declined last");
    try {
      await answer(decliner, id, false);
      await heard.waitFor((e) => e.type === "proposal.changed" && e.proposalId === id);
      await settle();
      expect(changes(heard.received, id).map((e) => [e.headline, e.message, e.status])).toEqual([
        [
          "Del Decliner declined your invitation",
          'Del Decliner declined your invitation to "Declined last". Everyone invited has answered, so "Declined last" is now with Prof. Told Once for review.',
          "Pending",
        ],
      ]);
      expect((await emailsTo(creator.id)).map((e) => e.subject)).toEqual([
        "Del Decliner declined your invitation: Declined last",
      ]);
    } finally {
      heard.close();
    }
  });
});
