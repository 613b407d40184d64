import { PROPOSAL_STATUSES, type ProposalStatus } from "@shared/enums";
import { findTransition, type Party, type ProposalAction } from "@shared/proposal-life";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { proposals } from "../../db/schema";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  type TestContext,
  type TestUser,
} from "../../test/app";
import { makeCell, makeProposal } from "../../test/factories";

/**
 * Every route of a proposal's life, taken by everyone who might try it, from every status: the
 * transition table of shared/src/proposal-life.ts is the specification. An action the table
 * allows succeeds; any other is refused — 404 to whoever may not see the proposal, 403 to whoever
 * sees it but may never take the action, 409 when it is theirs but not in this status — and
 * changes nothing. Each case starts from a fresh proposal in that status, deleted afterwards.
 */

type Who = Party | "outsider" | "otherSupervisor";
const WHO: Who[] = ["creator", "member", "invitee", "supervisor", "committee", "outsider", "otherSupervisor"];

interface Case {
  action: ProposalAction;
  request: (w: World) => { url: string; payload?: object };
}

/** The routes of the table's actions a person takes (the scheduler's and the allocation's are tested elsewhere). */
const ACTIONS: Case[] = [
  { action: "accept", request: (w) => ({ url: `${w.url}/invitation`, payload: { accept: true } }) },
  { action: "decline", request: (w) => ({ url: `${w.url}/invitation`, payload: { accept: false } }) },
  { action: "leave", request: (w) => ({ url: `${w.url}/leave` }) },
  { action: "withdraw", request: (w) => ({ url: `${w.url}/withdraw`, payload: { reason: "No longer." } }) },
  {
    action: "approve",
    request: (w) =>
      w.who === "committee"
        ? { url: `${w.url}/decision`, payload: { status: "Approved", feedback: "" } }
        : { url: `${w.url}/review`, payload: { status: "Approved", feedback: "Fine." } },
  },
  {
    action: "deny",
    request: (w) =>
      w.who === "committee"
        ? { url: `${w.url}/decision`, payload: { status: "Denied", feedback: "No." } }
        : { url: `${w.url}/review`, payload: { status: "Denied", feedback: "No." } },
  },
  {
    action: "requestChanges",
    request: (w) => ({
      url: `${w.url}/review`,
      payload: { status: "Changes requested", feedback: "Fix it." },
    }),
  },
  {
    action: "resubmit",
    request: (w) => ({
      url: `${w.url}/versions`,
      payload: { title: "Revised", abstract: "Revised.", note: "" },
    }),
  },
  { action: "reopen", request: (w) => ({ url: `${w.url}/reopen`, payload: { reason: "A mistake." } }) },
  { action: "reassign", request: (w) => ({ url: `${w.url}/reassign`, payload: { supervisorId: w.spare } }) },
];

interface World {
  url: string;
  who: Who;
  spare: string;
}

let t: TestContext;
let people: Record<Who, TestUser>;
let spare: TestUser;
let cellId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [creator, member, invitee, outsider, supervisor, otherSupervisor, committee] = await Promise.all([
    makeStudent(t),
    makeStudent(t),
    makeStudent(t),
    makeStudent(t),
    makeSupervisor(t),
    makeSupervisor(t),
    makeCommittee(t),
  ]);
  spare = await makeSupervisor(t);
  people = {
    creator,
    member,
    invitee,
    outsider,
    supervisor,
    otherSupervisor,
    committee,
    scheduler: committee,
  };
  cellId = (await makeCell(t, [supervisor.id, spare.id])).id;
});
afterAll(async () => t?.close());

/** A proposal in `status`: creator and an accepted member; the invitee's invitation open only while Awaiting members. */
async function proposalIn(status: ProposalStatus) {
  const p = await makeProposal(t, {
    supervisorId: people.supervisor.id,
    cellId,
    status,
    memberIds: [people.creator.id, people.member.id],
    invitedIds: [people.invitee.id],
  });
  if (status !== "Awaiting members")
    await t.database.db.execute(
      sql`update proposal_members set state = 'declined' where proposal_id = ${p.id} and user_id = ${people.invitee.id}`,
    );
  return p.id;
}

/** Everything a refused action might have changed. */
async function state(id: string) {
  const [row] = await selectRows<Record<string, unknown>>(
    t.database.db,
    sql`select p.status, p.supervisor_id, p.title, p.feedback, p.committee_feedback, p.pending_since,
               (select json_agg(json_build_array(m.user_id, m.state, m.active) order by m.user_id) from proposal_members m where m.proposal_id = p.id) as members,
               (select count(*)::int from activity a where a.proposal_id = p.id) as activity,
               (select count(*)::int from proposal_versions v where v.proposal_id = p.id) as versions,
               (select count(*)::int from outbox) as emails
          from proposals p where p.id = ${id}`,
  );
  return row;
}

/** Whether the person sees a proposal in this status at all (DESIGN.md §4, §9). */
function sees(who: Who, status: ProposalStatus) {
  if (who === "outsider" || who === "otherSupervisor") return false;
  if (who === "invitee") return status === "Awaiting members";
  if (who === "supervisor") return status !== "Awaiting members";
  return true;
}

/** The route's role guard: which roles may call it at all. */
function roleAllowed(action: ProposalAction, who: Who) {
  const role = who === "committee" ? "committee" : who.endsWith("upervisor") ? "supervisor" : "student";
  if (action === "approve" || action === "deny") return role !== "student";
  if (action === "requestChanges") return role === "supervisor";
  if (action === "reopen" || action === "reassign") return role === "committee";
  if (action === "withdraw") return role !== "supervisor";
  return role === "student";
}

describe("the transition table, route by route, for everyone and every status", () => {
  for (const status of PROPOSAL_STATUSES) {
    it(`from ${status}`, async () => {
      const outcomes: string[] = [];
      for (const c of ACTIONS) {
        for (const who of WHO) {
          const id = await proposalIn(status);
          const before = await state(id);
          const req = c.request({ url: `/api/proposals/${id}`, who, spare: spare.id });
          const res = await t.app.inject({
            method: "POST",
            url: req.url,
            payload: req.payload ?? {},
            headers: { cookie: people[who].cookie },
          });
          const party = (["creator", "member", "invitee", "supervisor", "committee"] as Who[]).includes(who)
            ? [who as Party]
            : [];
          const allowed =
            findTransition(c.action, status, party, { mode: "direct", committeeApproval: false }) !==
            undefined;
          // An invitee whose invitation was answered is told it is no longer open.
          const answered = who === "invitee" && (c.action === "accept" || c.action === "decline");
          const expected = allowed
            ? "2xx"
            : !roleAllowed(c.action, who)
              ? "403"
              : answered
                ? "409"
                : !sees(who, status)
                  ? "404"
                  : "403|409";
          const got = res.statusCode < 300 ? "2xx" : String(res.statusCode);
          const ok = expected.split("|").includes(got);
          if (!ok)
            outcomes.push(`${c.action} by ${who}: expected ${expected}, got ${res.statusCode} ${res.body}`);
          if (res.statusCode >= 300) {
            // A refusal changes nothing and says why in the error shape.
            expect(res.json().error.message.length).toBeGreaterThan(0);
            expect(await state(id), `${c.action} by ${who} from ${status}`).toEqual(before);
          } else {
            // A success is one timeline row more, at least.
            const after = await state(id);
            expect(Number(after.activity)).toBeGreaterThan(Number(before.activity));
          }
          await t.database.db.delete(proposals).where(sql`${proposals.id} = ${id}`);
        }
      }
      expect(outcomes).toEqual([]);
    });
  }

  it("an approval leads to Awaiting committee when the term asks for it, read at the time of the action", async () => {
    const id = await proposalIn("Pending");
    await t.database.db.execute(sql`update terms set committee_approval = true where id = current_term_id()`);
    try {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/proposals/${id}/review`,
        payload: { status: "Approved", feedback: "" },
        headers: { cookie: people.supervisor.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().proposal.status).toBe("Awaiting committee");
      const decided = await t.app.inject({
        method: "POST",
        url: `/api/proposals/${id}/decision`,
        payload: { status: "Approved", feedback: "Signed off." },
        headers: { cookie: people.committee.cookie },
      });
      expect(decided.json().proposal).toMatchObject({
        status: "Approved",
        committeeFeedback: "Signed off.",
        committeeDecidedBy: { id: people.committee.id },
        feedback: "",
      });
    } finally {
      await t.database.db.execute(
        sql`update terms set committee_approval = false where id = current_term_id()`,
      );
      await t.database.db.delete(proposals).where(sql`${proposals.id} = ${id}`);
    }
  });
});
