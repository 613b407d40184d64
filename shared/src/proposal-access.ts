import type { Party } from "./proposal-life";

/**
 * What of a proposal each party may read (DESIGN.md §9, §21): one rule for the routes, for
 * "Download my data" and for the screens, which do not ask for what they may not read. Who is
 * which party is `partiesOf` (proposal-life.ts); who sees a proposal at all is the same rule in
 * SQL (`visibleTo` in server/src/modules/proposals/visibility.ts), which reads this table too.
 */
export type ProposalPart =
  /** Its title, abstract, type, creator, supervisor, cell, term, group and status (GET /api/proposals/:id). */
  | "proposal"
  /** Its ranked topics, in an allocation term. */
  | "preferences"
  /** The latest version's document. */
  | "currentDocument"
  | "timeline"
  /** Every version, so earlier versions' documents and the word diff between them. */
  | "versions";

/** An open invitation reads the proposal, its ranked topics and its current document, and no more. */
const INVITEE_READS: readonly ProposalPart[] = ["proposal", "preferences", "currentDocument"];

/** Whether an open invitation reads this part (the server's SQL asks this of the table). */
export const inviteeReads = (part: ProposalPart) => INVITEE_READS.includes(part);

/**
 * Whether these parties may read the part. Everyone who sees a proposal (its members, its
 * supervisor once it reached them, the committee) reads all of it; an invitee only part of it.
 */
export const mayRead = (parties: readonly Party[], part: ProposalPart) =>
  parties.some((p) => (p === "invitee" ? inviteeReads(part) : p !== "scheduler"));
