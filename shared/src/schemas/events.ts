import type { ProposalStatus } from "../enums";

/** Server-sent events (GET /api/events). Payloads carry ids and short labels only; clients refetch the records. */
export type LiveEvent =
  | { type: "proposal.submitted"; proposalId: string; title: string; by: string }
  | { type: "proposal.reviewed"; proposalId: string; title: string; status: "Approved" | "Denied" }
  /** Anything else that happened to a proposal the receiver belongs to (DESIGN.md §9). */
  | {
      type: "proposal.changed";
      proposalId: string;
      title: string;
      /** The transition's action (shared/src/proposal-life.ts) or the kind of answer it records. */
      action: string;
      status: ProposalStatus;
      by: string;
      /** What the receiver is told, in the words of their email: its subject and its sentence. */
      headline: string;
      message: string;
    }
  /** Something happened to a thesis the receiver belongs to or examines (DESIGN.md §16). */
  | {
      type: "thesis.changed";
      thesisId: string;
      proposalId: string;
      title: string;
      /** The thesis table's action (shared/src/thesis-life.ts). */
      action: string;
      by: string;
      headline: string;
      message: string;
    }
  /** A term's allocation was published: the receiver's group (or groups) now know their result. */
  | { type: "allocation.published"; termId: string; term: string }
  /** Someone invites the receiver to join their group. */
  | { type: "invitation.received"; proposalId: string; title: string; by: string }
  | { type: "notice.sent"; noticeId: string; proposalId: string; title: string; from: string }
  /** A recipient opened a notice the receiver sent, for the first time: its "Read by" count moved. */
  | { type: "notice.read"; noticeId: string }
  | { type: "message.created"; proposalId: string; messageId: string; authorId: string; authorName: string }
  /** The server lost its LISTEN connection and may have missed events: refetch everything. */
  | { type: "resync" }
  /** This instance is shutting down; the browser reconnects (to another instance, behind a balancer). */
  | { type: "shutdown" }
  /**
   * The session opened more live streams than it may hold (DESIGN.md §13) and this one, its
   * oldest, was closed: the tab reconnects when it is looked at again, not at once.
   */
  | { type: "replaced" };

export type LiveEventType = LiveEvent["type"];
