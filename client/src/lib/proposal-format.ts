import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { ProposalFields } from "@shared/schemas/proposals";

/**
 * The Abstract field's limit and its count, read after the field ("1,234 / 5,000 characters"):
 * the same in a new proposal and a new version.
 */
export const abstractCount = (abstract: string) => ({
  maxLength: LIMITS.proposalAbstractMax,
  description: `${abstract.length.toLocaleString("en")} / ${LIMITS.proposalAbstractMax.toLocaleString("en")} characters`,
  inputWrapperOrder: ["label", "input", "description", "error"] as (
    | "label"
    | "input"
    | "description"
    | "error"
  )[],
});

/**
 * A proposal's title; a group in an allocation term may have none until it is placed (DESIGN.md
 * §11): "Untitled group (of {creator})".
 */
export const proposalTitle = (p: { title: string; createdBy: { name: string } | null }) =>
  p.title || MSG.untitledGroup(p.createdBy?.name ?? "");

/** A group of an allocation term has no cell or supervisor until it is placed (DESIGN.md §11). */
const unplaced = (p: ProposalFields) => p.term?.mode === "allocation" && p.supervisor === null;
export const cellTitle = (p: ProposalFields) =>
  p.researchCell?.title || (unplaced(p) ? MSG.notAllocatedYet : MSG.unknownCell);
/** The type, which an allocation group takes from its topic when it is placed. */
export const proposalType = (p: ProposalFields) => (unplaced(p) ? MSG.typeFollowsTopic : p.type);
export const supervisorName = (p: ProposalFields) =>
  p.supervisor?.name || (unplaced(p) ? MSG.notAllocatedYet : MSG.unknown);

/** The group's names, creator first (by position); a missing name is "Unknown"; `none` for no members. */
export const memberNames = (p: ProposalFields, none: string = MSG.unknown) =>
  p.members.length
    ? [...p.members]
        .sort((a, b) => a.position - b.position)
        .map((m) => m.name || MSG.unknown)
        .join(", ")
    : none;

/**
 * Overdue (DESIGN.md §8): still Pending past its review's due date. The one rule the supervisor's
 * and the committee's screens share; `now` is the moment of rendering (Date.now()).
 */
export const isOverdue = (p: Pick<ProposalFields, "status" | "reviewDueAt">, now: number) =>
  p.status === "Pending" && p.reviewDueAt != null && new Date(p.reviewDueAt).getTime() < now;
