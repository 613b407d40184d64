import { z } from "zod";
import { PROPOSAL_STATUSES, PROPOSAL_TYPES, TERM_MODES } from "../enums";
import { LIMITS } from "../limits";
import { MSG } from "../messages";
import {
  namedRef,
  optionalText,
  pageQuery,
  pageResponse,
  requiredText,
  shownText,
  titledRef,
  uuid,
} from "./common";
import { fileRefSchema } from "./files";
import { termFilter } from "./terms";

export const proposalMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  studentId: z.string().nullable(),
  /** 0 = the creator. */
  position: z.number(),
  /** accepted: a member; invited: the invitation is open (DESIGN.md §9). */
  state: z.enum(["accepted", "invited"]),
});

/** What every role sees of a proposal, but its abstract (the server only returns those the caller may see). */
const proposalFields = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(PROPOSAL_TYPES),
  status: z.enum(PROPOSAL_STATUSES),
  researchCell: titledRef.nullable(),
  supervisor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdBy: namedRef.nullable(),
  members: z.array(proposalMemberSchema),
  createdAt: z.string(),
  feedback: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: namedRef.nullable(),
  /** The term it was submitted in (DESIGN.md §8), with the settings that govern its actions. */
  term: z.object({
    id: z.string(),
    name: z.string(),
    mode: z.enum(TERM_MODES),
    committeeApproval: z.boolean(),
    revisionsCloseAt: z.string().nullable(),
  }),
  /**
   * While Pending: when its review is due (it last became Pending, plus the term's reviewDueDays);
   * past it the proposal shows as Overdue. Null in any other status.
   */
  reviewDueAt: z.string().nullable(),
  /** The committee's sign-off, in terms that ask for it (DESIGN.md §9). */
  committeeFeedback: z.string().nullable(),
  committeeDecidedAt: z.string().nullable(),
  committeeDecidedBy: namedRef.nullable(),
  /** The latest version's number, and its PDF document if it has one. */
  version: z.number(),
  document: fileRefSchema.nullable(),
  /** Its thesis, once its approval started one (DESIGN.md §16): then it is not reopened, and is withdrawn only by the thesis's cancel. */
  thesisId: z.string().nullable(),
});

/** What a proposal and a proposal in a list both have: everything but the abstract. */
export type ProposalFields = z.infer<typeof proposalFields>;

/** One proposal, whole: GET /api/proposals/:id and what a change answers. */
export const proposalSchema = proposalFields.extend({ abstract: z.string() });
export type Proposal = z.infer<typeof proposalSchema>;

/** A proposal in a list: the abstract's first LIMITS.excerptMax characters instead of all of it. */
export const proposalSummarySchema = proposalFields.extend({ excerpt: z.string() });
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

export const proposalListQuery = pageQuery.extend({
  status: z.enum(PROPOSAL_STATUSES).optional(),
  type: z.enum(PROPOSAL_TYPES).optional(),
  /**
   * "true": only active proposals (ACTIVE_STATUSES, DESIGN.md §9), the groups a supervisor has;
   * "false" or none: every status.
   */
  active: z
    .enum(["true", "false"], { error: "Active must be true or false." })
    .optional()
    .transform((v) => v === "true"),
  /** newest first by default; the supervisor's queue reads oldest first. */
  order: z.enum(["newest", "oldest"]).default("newest"),
  /** A term's id or "all"; none = the current term. */
  termId: termFilter,
  /** The committee's search: the start of each word of the title. */
  q: z.string().trim().max(LIMITS.searchMax).optional(),
  researchCellId: uuid({ error: "Invalid research cell." }).optional(),
  supervisorId: uuid({ error: "Invalid supervisor." }).optional(),
});
export type ProposalListQuery = z.input<typeof proposalListQuery>;

export const proposalListResponse = pageResponse(proposalSummarySchema);
export type ProposalList = z.infer<typeof proposalListResponse>;
export const proposalResponse = z.object({ proposal: proposalSchema });

/**
 * GET /api/proposals/similar (DESIGN.md §19, §23): the title typed so far, and the proposal it is
 * (left out of its own answer: the review of a proposal asks with its id).
 */
export const similarProposalsQuery = z.object({
  title: z
    .string({ error: "Title is required." })
    .trim()
    .min(1, "Title is required.")
    .max(LIMITS.proposalTitleMax, `Title must be at most ${LIMITS.proposalTitleMax} characters.`),
  exclude: uuid({ error: "Invalid proposal." }).optional(),
});
export type SimilarProposalsQuery = z.input<typeof similarProposalsQuery>;

/** A similar proposal: its title, status and year, and how alike the titles are (0–1, trigram similarity). */
export const similarProposalSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  year: z.number(),
  similarity: z.number(),
});
export type SimilarProposal = z.infer<typeof similarProposalSchema>;
/** Up to LIMITS.similarMax, the most similar first. */
export const similarProposalsResponse = z.object({ items: z.array(similarProposalSchema) });

/**
 * GET /api/proposals/groups: a group to write to or chat with, as the Chat and Notice pickers show
 * it (its title, status and people), lighter than a list's summary (issue 30 item 17).
 */
export const proposalGroupSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  supervisor: namedRef.nullable(),
  members: z.array(namedRef),
});
export type ProposalGroup = z.infer<typeof proposalGroupSchema>;
/** The caller's groups of every term, newest first, the first LIMITS.pageSizeMax. */
export const proposalGroupsResponse = z.object({ items: z.array(proposalGroupSchema) });
export type ProposalGroups = z.infer<typeof proposalGroupsResponse>;

/** A refinement that runs even when other fields failed, so that every missing field is named at once. */
const always = { when: (p: { value: unknown }) => typeof p.value === "object" && p.value !== null };

/** What a submission without `preferences` (a direct term's) must name, each with its message when missing. */
const DIRECT_TERM_FIELDS = [
  ["type", "Type must be Thesis or Project."],
  ["title", "Title is required."],
  ["abstract", "Abstract is required."],
  ["researchCellId", MSG.selectCellAndSupervisor],
  ["supervisorId", MSG.selectCellAndSupervisor],
] as const;

/**
 * A submission (DESIGN.md §8, §11): in a direct term a title, an abstract, a cell and a supervisor;
 * in an allocation term a ranked list of topics (`preferences`) instead of the cell and the
 * supervisor, the title and abstract optional (the topic's are taken when the group is placed).
 * Which the term is, the server decides; without `preferences` the direct fields are required here.
 */
export const createProposalSchema = z
  .object({
    title: shownText("Title", LIMITS.proposalTitleMax).optional(),
    abstract: requiredText("Abstract", LIMITS.proposalAbstractMax).optional(),
    /** Required in a direct term; in an allocation term the type follows the topic the group is placed on. */
    type: z.enum(PROPOSAL_TYPES, { error: "Type must be Thesis or Project." }).optional(),
    researchCellId: uuid({ error: MSG.selectCellAndSupervisor }).optional(),
    supervisorId: uuid({ error: MSG.selectCellAndSupervisor }).optional(),
    memberIds: z
      .array(uuid({ error: "Invalid group member." }), { error: "Group members must be a list." })
      .max(LIMITS.extraMembersMax, `At most ${LIMITS.extraMembersMax} group members.`)
      .refine((ids) => new Set(ids).size === ids.length, "A group member is listed twice.")
      .default([]),
    /** Chosen by the client once per form; a retried request with the same id returns the first proposal. */
    requestId: uuid().optional(),
    /** A PDF uploaded first (POST /api/files) by the submitter: version 1's document. */
    documentId: uuid({ error: "Invalid document." }).optional(),
    /** Allocation terms: the group's ranked topics, best first (at most the term's maxPreferences). */
    preferences: z
      .array(uuid({ error: "Invalid topic." }), { error: "Preferences must be a list." })
      .min(1, "Rank at least one topic.")
      .refine((ids) => new Set(ids).size === ids.length, "A topic is listed twice.")
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.preferences !== undefined) return;
    for (const [field, message] of DIRECT_TERM_FIELDS)
      if (v[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message });
  }, always)
  .refine(
    (v) => v.preferences === undefined || (v.researchCellId === undefined && v.supervisorId === undefined),
    {
      path: ["preferences"],
      message: "Rank topics or choose a supervisor, not both.",
      ...always,
    },
  );
export type CreateProposalInput = z.input<typeof createProposalSchema>;

const feedbackText = optionalText("Feedback", LIMITS.feedbackMax);

/** The supervisor's review of a Pending proposal (DESIGN.md §9): feedback is required to deny or ask for changes. */
export const REVIEW_STATUSES = ["Approved", "Denied", "Changes requested"] as const;
export const reviewSchema = z
  .object({
    status: z.enum(REVIEW_STATUSES, { error: "Status must be Approved, Denied or Changes requested." }),
    feedback: feedbackText,
  })
  .refine((v) => v.status !== "Denied" || v.feedback.length > 0, {
    path: ["feedback"],
    message: "Feedback is required when denying a proposal.",
  })
  .refine((v) => v.status !== "Changes requested" || v.feedback.length > 0, {
    path: ["feedback"],
    message: "Feedback is required when requesting changes.",
  });
export type ReviewInput = z.input<typeof reviewSchema>;
