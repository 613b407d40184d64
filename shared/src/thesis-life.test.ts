import { describe, expect, it } from "vitest";
import { THESIS_STATES, type ThesisState } from "./enums";
import { findRow } from "./proposal-life";
import {
  findThesisTransition,
  shownThesisState,
  THESIS_ACTIONS,
  THESIS_TRANSITIONS,
  type ThesisParty,
  type ThesisTransition,
  thesisActionsAllowed,
  thesisDueAt,
  thesisPartiesOf,
  thesisReassignRefusal,
} from "./thesis-life";

/**
 * DESIGN.md §16's table, written out here by hand, row by row (with §16's removal of a member and
 * §17's assessment and naming of examiners, §19's visibility): the code's table must say exactly this.
 */
const DESIGN = [
  "— start system → Writing",
  "Writing uploadDraft member → unchanged",
  "Writing declare member → unchanged",
  "Writing requestExtension member → unchanged (reason required, dueAt required)",
  "Writing decideExtension supervisor|committee → unchanged",
  "Writing submit member → Submitted (before due, everyone declared)",
  "Submitted return supervisor → Writing (reason required, dueAt required, no assessment)",
  "Submitted assess firstExaminer|secondExaminer → unchanged",
  "Submitted decide system → Graded [not disputed]",
  "Submitted decide system → Disputed [disputed]",
  "Disputed setFinalGrades committee → Graded (reason required)",
  "Graded release committee → Released",
  "Graded correctGrade committee → unchanged (reason required)",
  "Released correctGrade committee → unchanged (reason required)",
  "Writing fail committee → Graded (reason required)",
  "Writing cancel committee → Cancelled (reason required)",
  "Submitted cancel committee → Cancelled (reason required)",
  "Disputed cancel committee → Cancelled (reason required)",
  "Graded annul committee → Annulled (reason required)",
  "Released annul committee → Annulled (reason required)",
  "Writing removeMember committee → unchanged (reason required)",
  "Writing nameExaminer committee → unchanged",
  "Submitted nameExaminer committee → unchanged",
  // §19: the supervisor's visibility proposal and each member's consent until release, the committee's change after.
  ...["Writing", "Submitted", "Graded", "Disputed"].flatMap((s) => [
    `${s} proposeVisibility supervisor → unchanged`,
    `${s} consentPublication member → unchanged`,
  ]),
  "Released changeVisibility committee → unchanged",
];

function describeRow(t: ThesisTransition) {
  const when = t.when?.disputed === undefined ? "" : t.when.disputed ? " [disputed]" : " [not disputed]";
  const needs: string[] = [];
  if (t.needs?.reason) needs.push(`reason ${t.needs.reason}`);
  if (t.needs?.dueAt) needs.push(`dueAt ${t.needs.dueAt}`);
  if (t.needs?.beforeDue) needs.push("before due");
  if (t.needs?.everyoneDeclared) needs.push("everyone declared");
  if (t.needs?.noAssessment) needs.push("no assessment");
  return `${t.from ?? "—"} ${t.action} ${t.who.join("|")} → ${t.to}${when}${needs.length ? ` (${needs.join(", ")})` : ""}`;
}

const PARTIES: ThesisParty[] = [
  "member",
  "supervisor",
  "firstExaminer",
  "secondExaminer",
  "committee",
  "system",
];

describe("the thesis's table", () => {
  it("is DESIGN.md §16's table, row by row", () => {
    expect(THESIS_TRANSITIONS.map(describeRow).sort()).toEqual([...DESIGN].sort());
  });

  it("allows every row, to its parties, from its state, with the same findRow as the proposal's", () => {
    for (const row of THESIS_TRANSITIONS)
      for (const who of row.who) {
        const found = findRow(THESIS_TRANSITIONS, row.action, row.from, [who], row.when ?? {});
        expect(found, describeRow(row)).toBe(row);
      }
  });

  it("refuses every other (party, state) for each action", () => {
    let refused = 0;
    for (const action of THESIS_ACTIONS)
      for (const from of [null, ...THESIS_STATES] as (ThesisState | null)[])
        for (const who of PARTIES) {
          const allowed = THESIS_TRANSITIONS.some(
            (t) => t.action === action && t.from === from && t.who.includes(who),
          );
          if (allowed) continue;
          expect(findThesisTransition(action, from, [who]), `${from} ${action} ${who}`).toBeUndefined();
          refused++;
        }
    // Every pairing not in the table was tried.
    const pairs = THESIS_ACTIONS.length * (THESIS_STATES.length + 1) * PARTIES.length;
    const rowsPairs = new Set(
      THESIS_TRANSITIONS.flatMap((t) => t.who.map((w) => `${t.action} ${t.from} ${w}`)),
    );
    expect(refused).toBe(pairs - rowsPairs.size);
  });

  it("leads an assessment's decision to Graded or Disputed by the facts", () => {
    expect(findThesisTransition("decide", "Submitted", ["system"], { disputed: false })?.to).toBe("Graded");
    expect(findThesisTransition("decide", "Submitted", ["system"], { disputed: true })?.to).toBe("Disputed");
  });

  it("offers only the actions allowed now", () => {
    expect(thesisActionsAllowed("Writing", ["committee"]).sort()).toEqual([
      "cancel",
      "decideExtension",
      "fail",
      "nameExaminer",
      "removeMember",
    ]);
    expect(thesisActionsAllowed("Submitted", ["supervisor", "firstExaminer"]).sort()).toEqual([
      "assess",
      "proposeVisibility",
      "return",
    ]);
    expect(thesisActionsAllowed("Submitted", ["member"])).toEqual(["consentPublication"]);
    expect(thesisActionsAllowed("Disputed", ["committee"]).sort()).toEqual(["cancel", "setFinalGrades"]);
    expect(thesisActionsAllowed("Graded", ["firstExaminer", "secondExaminer"])).toEqual([]);
    expect(thesisActionsAllowed("Graded", ["committee"]).sort()).toEqual([
      "annul",
      "correctGrade",
      "release",
    ]);
    expect(thesisActionsAllowed("Released", ["committee"]).sort()).toEqual([
      "annul",
      "changeVisibility",
      "correctGrade",
    ]);
    expect(thesisActionsAllowed("Released", ["member"])).toEqual([]);
    expect(thesisActionsAllowed("Cancelled", ["committee"])).toEqual([]);
    expect(thesisActionsAllowed("Writing", [])).toEqual([]);
  });

  it("reads how a person relates to a thesis, and shows students Submitted until release", () => {
    const t = { supervisorId: "s", firstExaminerId: "s", secondExaminerId: "e", memberIds: ["m"] };
    expect(thesisPartiesOf({ id: "m", role: "student" }, t)).toEqual(["member"]);
    expect(thesisPartiesOf({ id: "x", role: "student" }, t)).toEqual([]);
    expect(thesisPartiesOf({ id: "s", role: "supervisor" }, t)).toEqual(["supervisor", "firstExaminer"]);
    expect(thesisPartiesOf({ id: "e", role: "supervisor" }, t)).toEqual(["secondExaminer"]);
    expect(thesisPartiesOf({ id: "o", role: "supervisor" }, t)).toEqual([]);
    expect(thesisPartiesOf({ id: "k", role: "committee" }, t)).toEqual(["committee"]);
    expect(shownThesisState("Graded", ["member"])).toBe("Submitted");
    expect(shownThesisState("Disputed", ["member"])).toBe("Submitted");
    expect(shownThesisState("Released", ["member"])).toBe("Released");
    expect(shownThesisState("Disputed", ["committee"])).toBe("Disputed");
  });

  it("sets the due date from the term, never less than 14 days after the start", () => {
    const start = new Date("2027-03-01T10:00:00Z");
    expect(thesisDueAt(start, { thesisDueAt: null, writingWeeks: 26 }).toISOString()).toBe(
      "2027-08-30T10:00:00.000Z",
    );
    expect(thesisDueAt(start, { thesisDueAt: "2027-07-01T00:00:00Z", writingWeeks: 26 }).toISOString()).toBe(
      "2027-07-01T00:00:00.000Z",
    );
    expect(thesisDueAt(start, { thesisDueAt: "2027-03-05T00:00:00Z", writingWeeks: 26 }).toISOString()).toBe(
      "2027-03-15T10:00:00.000Z",
    );
    expect(thesisDueAt(start, { thesisDueAt: null, writingWeeks: 1 }).toISOString()).toBe(
      "2027-03-15T10:00:00.000Z",
    );
  });

  it("lets a proposal go to another supervisor only before the first assessment, never to the second examiner", () => {
    expect(thesisReassignRefusal(null, "a")).toBeNull();
    expect(thesisReassignRefusal({ firstAssessedAt: null, secondExaminerId: "e" }, "a")).toBeNull();
    expect(thesisReassignRefusal({ firstAssessedAt: null, secondExaminerId: "e" }, "e")).toMatch(
      /second examiner/,
    );
    expect(thesisReassignRefusal({ firstAssessedAt: "2027-01-01", secondExaminerId: null }, "a")).toMatch(
      /assessment/,
    );
  });
});
