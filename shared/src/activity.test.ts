import { describe, expect, it } from "vitest";
import { activityWhat } from "./activity";
import { PROPOSAL_ACTIONS } from "./proposal-life";
import { THESIS_ACTIONS } from "./thesis-life";

const KATHERINE = "k0000000-0000-4000-8000-000000000001";
const BARBARA = "b0000000-0000-4000-8000-000000000002";
const row = (kind: string, action: string, subjectName: string | null, subjectId: string | null = null) => ({
  kind,
  action,
  actorId: KATHERINE,
  subjectId,
  subjectName,
});

describe("what an activity row says after its actor's name", () => {
  it("puts whom or what it concerns where a sentence puts it", () => {
    expect(activityWhat(row("cell", "assign", "Barbara Liskov", BARBARA))).toBe(
      "assigned Barbara Liskov to a research cell",
    );
    expect(activityWhat(row("cell", "unassign", "Barbara Liskov", BARBARA))).toBe(
      "removed Barbara Liskov from a research cell",
    );
    expect(activityWhat(row("term", "current", "Spring 2027"))).toBe("made Spring 2027 the current term");
    expect(activityWhat(row("account", "create", "Barbara Liskov", BARBARA))).toBe(
      "created an account for Barbara Liskov",
    );
    expect(activityWhat(row("place", "clear", "Barbara Liskov", BARBARA))).toBe(
      "gave Barbara Liskov the term's default places",
    );
    expect(activityWhat(row("proposal", "reassign", "Dr. Marco Bianchi"))).toBe(
      "reassigned the proposal to Dr. Marco Bianchi",
    );
    expect(activityWhat(row("allocation", "publish", "Spring 2027"))).toBe(
      "published the allocation of Spring 2027",
    );
    expect(activityWhat(row("invitation", "invite", "Mei Lin"))).toBe("invited Mei Lin");
    expect(activityWhat(row("cell", "create", "Robotics"))).toBe("added the research cell Robotics");
  });

  it("leaves the subject out when it is the actor, and reads whole without one", () => {
    expect(activityWhat(row("account", "register", "Katherine Johnson", KATHERINE))).toBe(
      "created their account",
    );
    expect(activityWhat(row("invitation", "decline", "Katherine Johnson", KATHERINE))).toBe(
      "declined the invitation",
    );
    expect(activityWhat(row("allocation", "move", null))).toBe("moved a group in the allocation draft");
    expect(activityWhat(row("cell", "assign", null))).toBe("assigned a teacher to a research cell");
  });
});

describe("every action of the two tables has its words (issue 31 item 9)", () => {
  // The group's own answers are recorded as invitations (server/src/modules/proposals/invitations.ts).
  const INVITATION = new Set(["accept", "decline", "closeInvitations", "leave"]);
  const rows: [string, string][] = [
    ...THESIS_ACTIONS.map((a): [string, string] => ["thesis", a]),
    ...PROPOSAL_ACTIONS.map((a): [string, string] => [INVITATION.has(a) ? "invitation" : "proposal", a]),
  ];
  it("no thesis or proposal action falls back to its code name in the activity log", () => {
    for (const [kind, action] of rows)
      for (const subject of [null, "Ana López"]) {
        // The fallback reads "thesis release Ana López".
        expect(activityWhat(row(kind, action, subject)), `${kind}.${action}`).not.toMatch(
          new RegExp(`^${kind} ${action}\\b`),
        );
      }
  });
});
