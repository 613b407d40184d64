import type { ThesisState } from "./enums";
import { MSG } from "./messages";
import { findRow, type LifeRow, type ProposalAction, whoMayIn } from "./proposal-life";

/**
 * The thesis's life (DESIGN.md §16), the second table beside the proposal's (§9): the same
 * `LifeRow` shape, read by the same `findRow`, enforced by the same server engine (a conditional
 * update in the transaction: a racing action gets 409 and changes nothing). The client reads it to
 * show only the actions allowed now. Adding a state or an action means adding rows here.
 */

/** How the one acting relates to the thesis. */
export type ThesisParty =
  /** An accepted member of its proposal's group. */
  | "member"
  /** Its proposal's supervisor. */
  | "supervisor"
  /** The examiners (§17): the first is the supervisor unless the committee replaced them. */
  | "firstExaminer"
  | "secondExaminer"
  | "committee"
  /** What ThesisDesk does itself, in the transaction of another change (an approval, an assessment). */
  | "system";

export const THESIS_ACTIONS = [
  "start",
  "uploadDraft",
  "declare",
  "requestExtension",
  "decideExtension",
  "submit",
  "return",
  "assess",
  "decide",
  "setFinalGrades",
  "release",
  "correctGrade",
  "fail",
  "cancel",
  "annul",
  "removeMember",
  "nameExaminer",
  "proposeVisibility",
  "consentPublication",
  "changeVisibility",
] as const;
export type ThesisAction = (typeof THESIS_ACTIONS)[number];

/** Facts, read at the time of the action, that choose where an action leads. */
export interface ThesisFacts {
  /** Both assessments are in and a member's proposed grades are disputed (§17). */
  disputed: boolean;
}

/** What a thesis action must carry, or when it must happen. */
export interface ThesisNeeds {
  reason?: "required" | "optional";
  /** A new due date, later than the current one. */
  dueAt?: "required" | "optional";
  /** Only before the thesis's dueAt. */
  beforeDue?: true;
  /** Only once every member has declared their own work. */
  everyoneDeclared?: true;
  /** Only before any assessment is in. */
  noAssessment?: true;
}

export type ThesisTransition = LifeRow<ThesisState, ThesisAction, ThesisParty, ThesisFacts, ThesisNeeds>;

type Row = Omit<ThesisTransition, "from">;
const rows = (from: readonly (ThesisState | null)[], ...each: Row[]): ThesisTransition[] =>
  from.flatMap((f) => each.map((r) => ({ from: f, ...r })));

export const THESIS_TRANSITIONS: readonly ThesisTransition[] = [
  // The proposal becomes Approved: the thesis starts in the same transaction.
  ...rows([null], { action: "start", who: ["system"], to: "Writing" }),
  ...rows(
    ["Writing"],
    { action: "uploadDraft", who: ["member"], to: "unchanged" },
    { action: "declare", who: ["member"], to: "unchanged" },
    {
      action: "requestExtension",
      who: ["member"],
      to: "unchanged",
      needs: { reason: "required", dueAt: "required" },
    },
    { action: "decideExtension", who: ["supervisor", "committee"], to: "unchanged" },
    {
      action: "submit",
      who: ["member"],
      to: "Submitted",
      needs: { beforeDue: true, everyoneDeclared: true },
    },
    { action: "fail", who: ["committee"], to: "Graded", needs: { reason: "required" } },
    // "A member may leave a thesis only by the committee removing them in Writing" (§16).
    { action: "removeMember", who: ["committee"], to: "unchanged", needs: { reason: "required" } },
  ),
  // §17: the committee names the second examiner (or replaces either) until that examiner's assessment is in.
  ...rows(["Writing", "Submitted"], { action: "nameExaminer", who: ["committee"], to: "unchanged" }),
  ...rows(
    ["Submitted"],
    {
      action: "return",
      who: ["supervisor"],
      to: "Writing",
      needs: { reason: "required", dueAt: "required", noAssessment: true },
    },
    // §17: each examiner submits one assessment on a Submitted thesis (and may change it until the second).
    { action: "assess", who: ["firstExaminer", "secondExaminer"], to: "unchanged" },
    { action: "decide", who: ["system"], to: "Graded", when: { disputed: false } },
    { action: "decide", who: ["system"], to: "Disputed", when: { disputed: true } },
  ),
  ...rows(["Disputed"], {
    action: "setFinalGrades",
    who: ["committee"],
    to: "Graded",
    needs: { reason: "required" },
  }),
  ...rows(["Graded"], { action: "release", who: ["committee"], to: "Released" }),
  // §19: until release the supervisor proposes the visibility and each member consents (or not) to Public;
  // after it the committee may change the visibility or the embargo.
  ...rows(
    ["Writing", "Submitted", "Graded", "Disputed"],
    { action: "proposeVisibility", who: ["supervisor"], to: "unchanged" },
    { action: "consentPublication", who: ["member"], to: "unchanged" },
  ),
  ...rows(["Released"], { action: "changeVisibility", who: ["committee"], to: "unchanged" }),
  ...rows(
    ["Graded", "Released"],
    { action: "correctGrade", who: ["committee"], to: "unchanged", needs: { reason: "required" } },
    { action: "annul", who: ["committee"], to: "Annulled", needs: { reason: "required" } },
  ),
  ...rows(["Writing", "Submitted", "Disputed"], {
    action: "cancel",
    who: ["committee"],
    to: "Cancelled",
    needs: { reason: "required" },
  }),
];

/** The row of the thesis's table that applies (the one `findRow`, over THESIS_TRANSITIONS). */
export const findThesisTransition = (
  action: ThesisAction,
  from: ThesisState | null,
  parties: readonly ThesisParty[],
  facts: Partial<ThesisFacts> = {},
): ThesisTransition | undefined => findRow(THESIS_TRANSITIONS, action, from, parties, facts);

/** The parties who may ever take the action, for the words of a refusal. */
export const whoMayThesis = (action: ThesisAction): ThesisParty[] => whoMayIn(THESIS_TRANSITIONS, action);

/** The actions the parties may take on a thesis in `state` now (what the client offers). */
export const thesisActionsAllowed = (state: ThesisState, parties: readonly ThesisParty[]): ThesisAction[] => [
  ...new Set(
    THESIS_TRANSITIONS.filter((t) => t.from === state && t.who.some((w) => parties.includes(w))).map(
      (t) => t.action,
    ),
  ),
];

/**
 * How a signed-in person relates to a thesis. A teacher may be its supervisor and its first
 * examiner at once; a chair (§18) sees a thesis but takes no action of this table.
 */
export function thesisPartiesOf(
  viewer: { id: string; role: string },
  t: {
    supervisorId: string | null;
    firstExaminerId: string | null;
    secondExaminerId: string | null;
    memberIds: readonly string[];
  },
): ThesisParty[] {
  if (viewer.role === "committee") return ["committee"];
  if (viewer.role === "student") return t.memberIds.includes(viewer.id) ? ["member"] : [];
  const parties: ThesisParty[] = [];
  if (t.supervisorId === viewer.id) parties.push("supervisor");
  if (t.firstExaminerId === viewer.id) parties.push("firstExaminer");
  if (t.secondExaminerId === viewer.id) parties.push("secondExaminer");
  return parties;
}

/** The state a party is shown: students see Graded and Disputed as Submitted until release (§17). */
export const shownThesisState = (state: ThesisState, parties: readonly ThesisParty[]): ThesisState =>
  parties.includes("member") && (state === "Graded" || state === "Disputed") ? "Submitted" : state;

/** The states in which a thesis has been submitted for marking: its term's scale, tolerance and rubric are frozen (§16). */
export const MARKED_STATES: readonly ThesisState[] = [
  "Submitted",
  "Graded",
  "Disputed",
  "Released",
  "Annulled",
];

const DAY_MS = 24 * 60 * 60 * 1000;
/** A thesis is never due less than this many days after it starts (§16). */
export const MIN_WRITING_DAYS = 14;

/**
 * When a thesis starting at `start` is due (§16): the term's thesisDueAt, else start +
 * writingWeeks, and never less than 14 days after the start. (Migration 0021 writes the same rule
 * in SQL for the theses it starts.)
 */
export function thesisDueAt(start: Date, term: { thesisDueAt: string | null; writingWeeks: number }): Date {
  const planned = term.thesisDueAt
    ? new Date(term.thesisDueAt).getTime()
    : start.getTime() + term.writingWeeks * 7 * DAY_MS;
  return new Date(Math.max(planned, start.getTime() + MIN_WRITING_DAYS * DAY_MS));
}

/**
 * Overdue (§16): still in Writing past its due date; shown to its members, its supervisor and the
 * committee until an extension, a record of failure or a cancellation. `now` in milliseconds.
 */
export const isThesisOverdue = (t: { state: ThesisState; dueAt: string | Date }, now: number): boolean =>
  t.state === "Writing" && new Date(t.dueAt).getTime() < now;

/**
 * Whether a thesis lets its proposal go to another supervisor (§16): only before the first
 * examiner's assessment is in, and never to its second examiner. The message refusing it, or null.
 */
export function thesisReassignRefusal(
  thesis: { firstAssessedAt: string | null; secondExaminerId: string | null } | null,
  supervisorId: string,
): string | null {
  if (!thesis) return null;
  if (thesis.firstAssessedAt !== null) return MSG.thesisFirstAssessed;
  if (thesis.secondExaminerId === supervisorId) return MSG.reassignToSecondExaminer;
  return null;
}

/**
 * What a thesis not cancelled stops of its proposal's actions (§16): the reopen, and the
 * committee's withdraw (the thesis's cancel withdraws the proposal instead). The message refusing
 * the action, or null; the server answers it with 409, the screens do not offer the action.
 */
export function stoppedByThesis(action: ProposalAction, liveThesis: boolean): string | null {
  if (!liveThesis) return null;
  if (action === "reopen") return MSG.thesisStartedNoReopen;
  if (action === "withdraw") return MSG.thesisStartedNoWithdraw;
  return null;
}
