import { describe, expect, it } from "vitest";
import { findTransition, partiesOf, TRANSITIONS, whoMay } from "./proposal-life";
import { actionsOffered, allowedActions } from "./proposal-offers";

/**
 * DESIGN.md §9's table, written out here by hand, row by row: the code's table must say exactly
 * this. (The server's routes are checked against the code's table in transitions.test.ts.)
 */
const DESIGN = [
  "— submit creator → Awaiting members [invitees]",
  "— submit creator → Pending [no invitees, direct]",
  "— submit creator → Awaiting allocation [no invitees, allocation]",
  "Awaiting members accept invitee → unchanged [others left to answer] (before submissions close)",
  "Awaiting members accept invitee → Pending [last answer, direct] (before submissions close)",
  "Awaiting members accept invitee → Awaiting allocation [last answer, allocation] (before submissions close)",
  "Awaiting members decline invitee → unchanged [others left to answer]",
  "Awaiting members decline invitee → Pending [last answer, direct]",
  "Awaiting members decline invitee → Awaiting allocation [last answer, allocation]",
  "Awaiting members closeInvitations scheduler → Pending [last answer, direct]",
  "Awaiting members closeInvitations scheduler → Awaiting allocation [last answer, allocation]",
  "Awaiting members leave member → unchanged",
  "Awaiting allocation leave member → unchanged",
  "Awaiting members withdraw creator → Withdrawn (reason optional)",
  "Pending withdraw creator → Withdrawn (reason optional)",
  "Changes requested withdraw creator → Withdrawn (reason optional)",
  "Awaiting allocation withdraw creator → Withdrawn (reason optional)",
  // §12: "the committee reassigns or withdraws what it leaves behind (§9)" (a deactivated account).
  "Awaiting members withdraw committee → Withdrawn (reason required)",
  "Pending withdraw committee → Withdrawn (reason required)",
  "Changes requested withdraw committee → Withdrawn (reason required)",
  "Awaiting committee withdraw committee → Withdrawn (reason required)",
  "Approved withdraw committee → Withdrawn (reason required)",
  "Awaiting allocation withdraw committee → Withdrawn (reason required)",
  "Pending approve supervisor → Approved [no committee approval] (feedback optional)",
  "Pending approve supervisor → Awaiting committee [committee approval] (feedback optional)",
  "Pending deny supervisor → Denied (feedback required)",
  "Pending requestChanges supervisor → Changes requested (feedback required, before revisions close)",
  "Changes requested resubmit creator|member → Pending (before revisions close)",
  "Changes requested expire scheduler → Withdrawn",
  "Awaiting committee approve committee → Approved (feedback optional)",
  "Awaiting committee deny committee → Denied (feedback required)",
  "Approved reopen committee → Pending (reason required)",
  "Denied reopen committee → Pending (reason required)",
  "Pending reassign committee → unchanged",
  "Changes requested reassign committee → unchanged",
  "Awaiting committee reassign committee → unchanged",
  "Approved reassign committee → unchanged",
  "Awaiting allocation place committee → Pending",
];

function describeRow(t: (typeof TRANSITIONS)[number]) {
  const when: string[] = [];
  if (t.when?.invitees !== undefined) when.push(t.when.invitees ? "invitees" : "no invitees");
  if (t.when?.lastAnswer !== undefined)
    when.push(t.when.lastAnswer ? "last answer" : "others left to answer");
  if (t.when?.committeeApproval !== undefined)
    when.push(t.when.committeeApproval ? "committee approval" : "no committee approval");
  if (t.when?.mode) when.push(t.when.mode);
  const needs: string[] = [];
  if (t.needs?.feedback) needs.push(`feedback ${t.needs.feedback}`);
  if (t.needs?.reason) needs.push(`reason ${t.needs.reason}`);
  if (t.needs?.beforeRevisionsClose) needs.push("before revisions close");
  if (t.needs?.beforeSubmissionsClose) needs.push("before submissions close");
  return `${t.from ?? "—"} ${t.action} ${t.who.join("|")} → ${t.to}${when.length ? ` [${when.join(", ")}]` : ""}${
    needs.length ? ` (${needs.join(", ")})` : ""
  }`;
}

describe("the transition table", () => {
  it("is DESIGN.md §9's table (with §12's withdrawal by the committee), row by row", () => {
    expect(TRANSITIONS.map(describeRow).sort()).toEqual([...DESIGN].sort());
  });

  it("finds the row the facts lead to, and none for another party or status", () => {
    expect(findTransition("approve", "Pending", ["supervisor"], { committeeApproval: true })?.to).toBe(
      "Awaiting committee",
    );
    expect(findTransition("approve", "Pending", ["supervisor"], { committeeApproval: false })?.to).toBe(
      "Approved",
    );
    expect(findTransition("approve", "Pending", ["committee"])).toBeUndefined();
    expect(
      findTransition("accept", "Awaiting members", ["invitee"], { lastAnswer: true, mode: "direct" })?.to,
    ).toBe("Pending");
    expect(findTransition("withdraw", "Approved", ["creator"])).toBeUndefined();
    expect(whoMay("resubmit").sort()).toEqual(["creator", "member"]);
  });

  it("offers only the actions allowed now, and none to an outsider", () => {
    const term = { revisionsCloseAt: null };
    expect(allowedActions("Pending", ["supervisor"], term).sort()).toEqual([
      "approve",
      "deny",
      "requestChanges",
    ]);
    expect(allowedActions("Pending", ["creator"], term)).toEqual(["withdraw"]);
    expect(allowedActions("Awaiting members", ["invitee"], term).sort()).toEqual(["accept", "decline"]);
    expect(allowedActions("Approved", ["committee"], term).sort()).toEqual([
      "reassign",
      "reopen",
      "withdraw",
    ]);
    expect(allowedActions("Pending", [], term)).toEqual([]);
    // Past the revision deadline, neither a request for changes nor a new version is offered.
    const closed = { revisionsCloseAt: "2027-01-01T00:00:00Z" };
    const after = new Date("2027-01-01T00:00:00Z");
    expect(allowedActions("Pending", ["supervisor"], closed, after).sort()).toEqual(["approve", "deny"]);
    expect(allowedActions("Changes requested", ["member"], closed, after)).toEqual([]);
    expect(allowedActions("Changes requested", ["member"], closed, new Date(after.getTime() - 1000))).toEqual(
      ["resubmit"],
    );
    // Past the submission deadline, an invitee may decline but not accept.
    const submissionsClosed = { revisionsCloseAt: null, submissionsCloseAt: "2027-01-01T00:00:00Z" };
    expect(allowedActions("Awaiting members", ["invitee"], submissionsClosed, after)).toEqual(["decline"]);
  });

  it("offers what a deadline closed apart from what is open, and never what the table does not allow", () => {
    const after = new Date("2027-01-01T00:00:00Z");
    const term = { revisionsCloseAt: "2027-01-01T00:00:00Z", submissionsCloseAt: "2027-01-01T00:00:00Z" };
    const review = actionsOffered("Pending", ["supervisor"], term, after);
    expect(review.open.sort()).toEqual(["approve", "deny"]);
    expect(review.closed).toEqual(["requestChanges"]);
    expect(actionsOffered("Changes requested", ["member"], term, after)).toEqual({
      open: [],
      closed: ["resubmit"],
    });
    expect(actionsOffered("Awaiting members", ["invitee"], term, after)).toEqual({
      open: ["decline"],
      closed: ["accept"],
    });
    expect(actionsOffered("Approved", ["creator"], term, after)).toEqual({ open: [], closed: [] });
  });

  it("reads how a person relates to a proposal", () => {
    const p = {
      createdBy: { id: "c" },
      supervisor: { id: "s" },
      members: [
        { id: "c", state: "accepted" },
        { id: "m", state: "accepted" },
        { id: "i", state: "invited" },
      ],
    };
    expect(partiesOf({ id: "c", role: "student" }, p)).toEqual(["creator"]);
    expect(partiesOf({ id: "m", role: "student" }, p)).toEqual(["member"]);
    expect(partiesOf({ id: "i", role: "student" }, p)).toEqual(["invitee"]);
    expect(partiesOf({ id: "x", role: "student" }, p)).toEqual([]);
    expect(partiesOf({ id: "s", role: "supervisor" }, p)).toEqual(["supervisor"]);
    expect(partiesOf({ id: "t", role: "supervisor" }, p)).toEqual([]);
    expect(partiesOf({ id: "k", role: "committee" }, p)).toEqual(["committee"]);
  });
});
