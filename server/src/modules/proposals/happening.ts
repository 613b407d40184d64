import type { ProposalStatus } from "@shared/enums";
import type { ProposalAction, ProposalNotice } from "@shared/proposal-life";
import type { Actor, RequestContext } from "../../lib/request-context";
import type { concernedBy } from "./transition.repository";

/**
 * The shapes `tell` (tell.ts) and its words (notices.ts) share: what happened, and what a notice
 * has to tell with. Apart from both, so that neither imports the other's module for its types.
 */

/** What happened to a proposal, for the emails and live events that tell of it. */
export interface Happening {
  proposalId: string;
  title: string;
  termName: string;
  /** The table's action, or what the scheduler tells without a transition. */
  action: ProposalAction | ProposalNotice;
  /** The kind of answer a decline records under its own name (joined another group). */
  record?: "joinedElsewhere";
  actor: Actor;
  from: ProposalStatus | null;
  to: ProposalStatus;
  /** Feedback, a reason, a version's note. */
  text?: string | null;
  /** The invitee who answered, the new supervisor, the topic placed on. */
  subject?: { id: string; name: string } | null;
  /** Reassign: the supervisor it was with. */
  previousSupervisorId?: string | null;
  /** Withdraw: the students whose open invitations were cancelled. */
  cancelled?: string[];
  /** The proposal's creator and supervisor, as the transition found them. */
  creatorId: string;
  creatorName: string;
  supervisorName: string | null;
}

export type Area = "student" | "supervisor" | "committee";

/** What a notice has to tell with: the happening, who it concerns, and the ways to reach them. */
export interface Telling {
  c: RequestContext;
  h: Happening;
  who: Awaited<ReturnType<typeof concernedBy>>;
  /** The one acting's name ("ThesisDesk" for the scheduler), and the one the answer concerns. */
  by: string;
  name: string;
  /** Those of `ids` other than the one acting (never told of their own act). */
  others: (ids: (string | null | undefined)[]) => string[];
  /**
   * An email to each of `to` but the one acting and those told already of this happening, and the
   * proposal.changed live event in the same words: one notice per person per happening.
   */
  send: (
    to: (string | null | undefined)[],
    area: Area,
    subject: string,
    what: string,
    note?: string | null,
    href?: string,
  ) => Promise<void>;
  /** The proposal was submitted to its supervisor: their email and live event. */
  submitted: () => Promise<void>;
}
