import type { ProposalStatus, TermMode } from "./enums";

/**
 * The proposal's life (DESIGN.md §9), as one table: from which status, by which action, who may
 * act, and where it leads. The server enforces it (a conditional update inside the transaction:
 * the status the row was read in must still be the status it is updated from, so a second, racing
 * transition changes nothing and gets 409); the client reads it to show only the actions allowed
 * now. Adding a status means adding rows here.
 */

/** How the one acting relates to the proposal. */
export type Party =
  /** The student who submitted it (always an accepted member too, but never "member" below). */
  | "creator"
  /** An accepted member other than the creator. */
  | "member"
  /** A student whose invitation is open. */
  | "invitee"
  /** Its supervisor. */
  | "supervisor"
  | "committee"
  /** Work the scheduler does at a term's deadlines. */
  | "scheduler";

export const PROPOSAL_ACTIONS = [
  "submit",
  "accept",
  "decline",
  "closeInvitations",
  "leave",
  "withdraw",
  "approve",
  "deny",
  "requestChanges",
  "resubmit",
  "expire",
  "reopen",
  "reassign",
  "place",
] as const;
export type ProposalAction = (typeof PROPOSAL_ACTIONS)[number];

/**
 * What the scheduler tells a group without changing its proposal (DESIGN.md §8): not a row of the
 * table (no status moves), but told and recorded by the same engine, so every happening the server
 * tells of is one of PROPOSAL_ACTIONS or of these.
 */
export const PROPOSAL_NOTICES = ["remind"] as const;
export type ProposalNotice = (typeof PROPOSAL_NOTICES)[number];

/**
 * Facts about the proposal and its term, read at the time of the action, that choose where an
 * action leads (a row applies only when every fact it names holds).
 */
export interface TransitionFacts {
  /** The term's mode: groups choose a supervisor (direct), or topics are allocated. */
  mode: TermMode;
  /** The term asks the committee to sign off after the supervisor approves. */
  committeeApproval: boolean;
  /** A submission named other students (they are invited). */
  invitees: boolean;
  /** This answer leaves nobody invited: the group is complete. */
  lastAnswer: boolean;
}

/**
 * One row of a life table, over its statuses, actions, parties and facts: the proposal's below, and
 * Part III's thesis (DESIGN.md §16) as a second table of the same shape, read by the same
 * `findRow` and enforced by the same server engine.
 */
export interface LifeRow<
  Status extends string,
  Action extends string,
  P extends string,
  Facts,
  Needs = ProposalNeeds,
> {
  /** null: a new record. */
  from: Status | null;
  action: Action;
  who: readonly P[];
  to: Status | "unchanged";
  when?: Partial<Facts>;
  /** What the action must carry, or when it must happen. */
  needs?: Needs;
}

/** What a proposal's action must carry, or when it must happen. */
export interface ProposalNeeds {
  feedback?: "required" | "optional";
  reason?: "required" | "optional";
  /** Only before the term's revisionsCloseAt (when it has one). */
  beforeRevisionsClose?: true;
  /** Only before the term's submissionsCloseAt (when it has one). */
  beforeSubmissionsClose?: true;
}

export type Transition = LifeRow<ProposalStatus, ProposalAction, Party, TransitionFacts>;

type Row = Omit<Transition, "from">;
const rows = (from: readonly (ProposalStatus | null)[], ...each: Row[]): Transition[] =>
  from.flatMap((f) => each.map((r) => ({ from: f, ...r })));

/** The group is complete once nobody is left to answer: Pending, or Awaiting allocation (§11). */
const answered = (action: ProposalAction, who: Party[], needs?: Row["needs"]): Row[] => [
  { action, who, to: "unchanged", when: { lastAnswer: false }, needs },
  { action, who, to: "Pending", when: { lastAnswer: true, mode: "direct" }, needs },
  { action, who, to: "Awaiting allocation", when: { lastAnswer: true, mode: "allocation" }, needs },
];

export const TRANSITIONS: readonly Transition[] = [
  ...rows(
    [null],
    { action: "submit", who: ["creator"], to: "Awaiting members", when: { invitees: true } },
    { action: "submit", who: ["creator"], to: "Pending", when: { invitees: false, mode: "direct" } },
    {
      action: "submit",
      who: ["creator"],
      to: "Awaiting allocation",
      when: { invitees: false, mode: "allocation" },
    },
  ),
  ...rows(
    ["Awaiting members"],
    // Accepting takes a place, so not once submissions are closed (DESIGN.md §21); declining
    // takes none and only does sooner what the close does anyway.
    ...answered("accept", ["invitee"], { beforeSubmissionsClose: true }),
    ...answered("decline", ["invitee"]),
    // At the term's submissionsCloseAt every open invitation is declined at once.
    ...answered("closeInvitations", ["scheduler"]).filter((r) => r.when?.lastAnswer),
  ),
  ...rows(["Awaiting members", "Awaiting allocation"], { action: "leave", who: ["member"], to: "unchanged" }),
  ...rows(["Awaiting members", "Pending", "Changes requested", "Awaiting allocation"], {
    action: "withdraw",
    who: ["creator"],
    to: "Withdrawn",
    needs: { reason: "optional" },
  }),
  // DESIGN.md §12: the committee withdraws what a deactivated account leaves behind, with a reason.
  ...rows(
    [
      "Awaiting members",
      "Pending",
      "Changes requested",
      "Awaiting committee",
      "Approved",
      "Awaiting allocation",
    ],
    {
      action: "withdraw",
      who: ["committee"],
      to: "Withdrawn",
      needs: { reason: "required" },
    },
  ),
  ...rows(
    ["Pending"],
    {
      action: "approve",
      who: ["supervisor"],
      to: "Approved",
      when: { committeeApproval: false },
      needs: { feedback: "optional" },
    },
    {
      action: "approve",
      who: ["supervisor"],
      to: "Awaiting committee",
      when: { committeeApproval: true },
      needs: { feedback: "optional" },
    },
    { action: "deny", who: ["supervisor"], to: "Denied", needs: { feedback: "required" } },
    {
      action: "requestChanges",
      who: ["supervisor"],
      to: "Changes requested",
      needs: { feedback: "required", beforeRevisionsClose: true },
    },
  ),
  ...rows(
    ["Changes requested"],
    { action: "resubmit", who: ["creator", "member"], to: "Pending", needs: { beforeRevisionsClose: true } },
    { action: "expire", who: ["scheduler"], to: "Withdrawn" },
  ),
  ...rows(
    ["Awaiting committee"],
    { action: "approve", who: ["committee"], to: "Approved", needs: { feedback: "optional" } },
    { action: "deny", who: ["committee"], to: "Denied", needs: { feedback: "required" } },
  ),
  ...rows(["Approved", "Denied"], {
    action: "reopen",
    who: ["committee"],
    to: "Pending",
    needs: { reason: "required" },
  }),
  ...rows(["Pending", "Changes requested", "Awaiting committee", "Approved"], {
    action: "reassign",
    who: ["committee"],
    to: "unchanged",
  }),
  ...rows(["Awaiting allocation"], { action: "place", who: ["committee"], to: "Pending" }),
];

const matches = <F>(when: Partial<F> | undefined, facts: Partial<F>) =>
  !when || (Object.keys(when) as (keyof F)[]).every((k) => facts[k] === undefined || facts[k] === when[k]);

/**
 * The row of `table` that applies: `action` from `from` by one of `parties`, where the facts lead.
 * Facts left out are not checked (the client, which does not know them all, asks whether an
 * action exists).
 */
export function findRow<S extends string, A extends string, P extends string, F, N>(
  table: readonly LifeRow<S, A, P, F, N>[],
  action: A,
  from: S | null,
  parties: readonly P[],
  facts: Partial<F> = {},
): LifeRow<S, A, P, F, N> | undefined {
  return table.find(
    (t) =>
      t.action === action &&
      t.from === from &&
      t.who.some((w) => parties.includes(w)) &&
      matches(t.when, facts),
  );
}

/** The row of the proposal's table that applies (findRow over TRANSITIONS). */
export const findTransition = (
  action: ProposalAction,
  from: ProposalStatus | null,
  parties: readonly Party[],
  facts: Partial<TransitionFacts> = {},
): Transition | undefined => findRow(TRANSITIONS, action, from, parties, facts);

/** Whether any row of `table` lets these parties take the action (else it is not theirs at all). */
export const mayEverTakeIn = <A extends string, P extends string>(
  table: readonly { action: A; who: readonly P[] }[],
  action: A,
  parties: readonly P[],
) => table.some((t) => t.action === action && t.who.some((w) => parties.includes(w)));

/** The parties who may ever take the action in `table`, for the words of a refusal. */
export const whoMayIn = <A extends string, P extends string>(
  table: readonly { action: A; who: readonly P[] }[],
  action: A,
): P[] => [...new Set(table.filter((t) => t.action === action).flatMap((t) => t.who))];

/** Whether any status lets these parties take the action (else the action is not theirs at all). */
export const mayEverTake = (action: ProposalAction, parties: readonly Party[]) =>
  mayEverTakeIn(TRANSITIONS, action, parties);

/** The parties who may ever take the action, for the words of a refusal. */
export const whoMay = (action: ProposalAction): Party[] => whoMayIn(TRANSITIONS, action);

/** Whether the term's revisions are still open at `now`. */
export const revisionsOpen = (revisionsCloseAt: string | null, now: Date) =>
  revisionsCloseAt === null || now.getTime() < new Date(revisionsCloseAt).getTime();

/** Whether the term's submissions have not closed yet at `now` (the same instant the close job uses). */
export const submissionsOpen = (submissionsCloseAt: string | null | undefined, now: Date) =>
  submissionsCloseAt == null || now.getTime() < new Date(submissionsCloseAt).getTime();

/**
 * How a signed-in person relates to a proposal, from what its answer carries: used by the server
 * (from the rows it read) and the client (from the proposal it was sent).
 */
export function partiesOf(
  viewer: { id: string; role: string },
  p: {
    createdBy: { id: string } | null;
    supervisor: { id: string } | null;
    members: readonly { id: string; state: string }[];
  },
): Party[] {
  if (viewer.role === "committee") return ["committee"];
  if (viewer.role === "supervisor") return p.supervisor?.id === viewer.id ? ["supervisor"] : [];
  const mine = p.members.find((m) => m.id === viewer.id);
  if (p.createdBy?.id === viewer.id) return ["creator"];
  if (mine?.state === "accepted") return ["member"];
  if (mine?.state === "invited") return ["invitee"];
  return [];
}
