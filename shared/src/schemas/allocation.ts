import { z } from "zod";
import { PROPOSAL_TYPES } from "../enums";
import { LIMITS } from "../limits";
import { namedRef, pageQuery, pageResponse, requiredText, shownText, titledRef, uuid } from "./common";

/**
 * Allocation terms (DESIGN.md §11): supervisors publish topics, groups rank them, supervisors
 * rank their applicants, and the committee runs the student-optimal stable matching.
 */

export const topicInputSchema = z.object({
  termId: uuid({ error: "Choose a term." }),
  title: shownText("Title", LIMITS.proposalTitleMax),
  description: requiredText("Description", LIMITS.proposalAbstractMax),
  type: z.enum(PROPOSAL_TYPES, { error: "Type must be Thesis or Project." }),
  researchCellId: uuid({ error: "Choose one of your research cells." }),
  capacity: z
    .number({ error: "Capacity must be a whole number of groups." })
    .int("Capacity must be a whole number of groups.")
    .min(1, "Capacity must be at least 1 group.")
    .max(LIMITS.capacityMax, `Capacity must be at most ${LIMITS.capacityMax} groups.`),
});
export type TopicInput = z.input<typeof topicInputSchema>;
export const topicPatchSchema = topicInputSchema.omit({ termId: true }).partial();

export const topicSchema = z.object({
  id: z.string(),
  termId: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(PROPOSAL_TYPES),
  researchCell: titledRef,
  supervisor: namedRef,
  capacity: z.number(),
  /** Groups that list it (any rank), while the term is open for preferences. */
  applicants: z.number(),
  /** Groups placed on it (active proposals): its places left are capacity less these. */
  placed: z.number(),
  withdrawn: z.boolean(),
  createdAt: z.string(),
});
export type Topic = z.infer<typeof topicSchema>;
export const topicResponse = z.object({ topic: topicSchema });

export const topicListQuery = pageQuery.extend({
  /** A term's id; none = the current term. */
  termId: uuid({ error: "Invalid term." }).optional(),
  q: z.string().trim().max(LIMITS.searchMax).optional(),
  researchCellId: uuid({ error: "Invalid research cell." }).optional(),
  supervisorId: uuid({ error: "Invalid supervisor." }).optional(),
  /** "true": the caller's own topics (supervisors), withdrawn ones included. */
  mine: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});
export const topicListResponse = pageResponse(topicSchema);
export type TopicList = z.infer<typeof topicListResponse>;

const topicIds = z
  .array(uuid({ error: "Invalid topic." }), { error: "Topics must be a list." })
  .min(1, "Rank at least one topic.")
  .refine((ids) => new Set(ids).size === ids.length, "A topic is listed twice.");

/** PUT /api/proposals/:id/preferences; the maximum is the term's maxPreferences (checked by the server). */
export const preferencesSchema = z.object({ topicIds });

/**
 * GET /api/proposals/:id/preferences: the group's ranked topics, best first, with what the screens
 * need to offer a change (its term's maximum, and whether the allocation is published: then frozen).
 */
export const preferenceListResponse = z.object({
  items: z.array(
    z.object({
      topicId: z.string(),
      title: z.string(),
      supervisor: namedRef,
      researchCell: titledRef,
    }),
  ),
  maxPreferences: z.number(),
  publishedAt: z.string().nullable(),
});
export type PreferenceList = z.infer<typeof preferenceListResponse>;

/** PUT /api/terms/:id/ranking: the supervisor's order of their applicant groups, best first. */
export const rankingSchema = z.object({
  proposalIds: z
    .array(uuid({ error: "Invalid group." }), { error: "Groups must be a list." })
    .refine((ids) => new Set(ids).size === ids.length, "A group is listed twice."),
});

/** A group that listed one of the supervisor's topics, as the ranking screen shows it. */
export const applicantSchema = z.object({
  proposalId: z.string(),
  title: z.string(),
  abstract: z.string(),
  members: z.array(namedRef.extend({ studentId: z.string().nullable() })),
  /** The group's whole list, best first, the supervisor's own topics marked. */
  preferences: z.array(z.object({ topicId: z.string(), title: z.string(), mine: z.boolean() })),
  /** The supervisor's rank for it (1 = first), or null when left to the lot. */
  rank: z.number().nullable(),
});
export type Applicant = z.infer<typeof applicantSchema>;
export const applicantListResponse = z.object({ items: z.array(applicantSchema) });
export type ApplicantList = z.infer<typeof applicantListResponse>;

export const assignmentSchema = z.object({
  proposalId: z.string(),
  topicId: z.string().nullable(),
  /** The place of the topic on the group's list (1 = first choice); null when unmatched or placed off the list. */
  rank: z.number().nullable(),
  /** The group's title ("" until it writes one or is placed) and the name of the student who submitted it. */
  title: z.string(),
  creator: z.string(),
});

/** GET /api/terms/:id/allocation: the draft (or none yet), every group of the term, and what it means. */
/** A supervisor offering topics: groups they hold already, groups a result gives them, their places (null = no limit). */
export const supervisorLoadSchema = z.object({
  supervisorId: z.string(),
  name: z.string(),
  used: z.number(),
  assigned: z.number(),
  capacity: z.number().nullable(),
});

export const allocationSchema = z.object({
  termId: z.string(),
  /** Null before the first run. */
  draft: z
    .object({
      seed: z.string(),
      madeAt: z.string(),
      madeBy: namedRef.nullable(),
      /** Changes to topics, preferences, rankings or capacities since the run. */
      outOfDate: z.boolean(),
      /** Moved by hand since the run. */
      moved: z.boolean(),
      assignments: z.array(assignmentSchema),
      /** How many groups got their 1st, 2nd, … choice (index 0 = first). */
      byRank: z.array(z.number()),
      unmatched: z.number(),
      blockingPairs: z.array(z.object({ proposalId: z.string(), topicId: z.string() })),
    })
    .nullable(),
  publishedAt: z.string().nullable(),
  /** Every group Awaiting allocation, with its list of topics (still offered), best first. */
  groups: z.array(
    z.object({
      proposalId: z.string(),
      title: z.string(),
      creator: z.string(),
      preferences: z.array(z.string()),
    }),
  ),
  /** The topics still offered, with their places left. */
  topics: z.array(
    z.object({ id: z.string(), title: z.string(), supervisorId: z.string(), capacity: z.number() }),
  ),
  /** Each supervisor offering topics: groups they hold already, groups the draft gives them, their places. */
  load: z.array(supervisorLoadSchema),
});
export type Allocation = z.infer<typeof allocationSchema>;

/** What a run answers: the seed of its lot and the draft in figures. */
export const runSummarySchema = z.object({
  seed: z.string(),
  groups: z.number(),
  byRank: z.array(z.number()),
  unmatched: z.number(),
});
export const blockingPairsResponse = z.object({
  blockingPairs: z.array(z.object({ proposalId: z.string(), topicId: z.string() })),
});

export const moveSchema = z.object({
  proposalId: uuid({ error: "Choose a group." }),
  topicId: uuid({ error: "Choose a topic." }).nullable(),
});
export const placeSchema = z.object({ topicId: uuid({ error: "Choose a topic." }) });

/**
 * GET /api/terms/:id/allocation/certificate (DESIGN.md §20): what the published allocation was
 * made from and what it gave, in figures and digests, without anyone's preferences or names; a
 * student also sees their own group's result.
 */
export const allocationCertificateSchema = z.object({
  termId: z.string(),
  termName: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  algorithm: z.string(),
  /** The lot's seed: with the inputs, it gives the matching again. */
  seed: z.string(),
  /** SHA-256 of the inputs in their canonical form (JSON, RFC 8785 order), hex. */
  inputsDigest: z.string(),
  groups: z.number(),
  topics: z.number(),
  supervisors: z.number(),
  byRank: z.array(z.number()),
  unmatched: z.number(),
  handMoves: z.number(),
  blockingPairs: z.number(),
  /** The caller's own group (students of the term's groups); null for anyone else. */
  yours: z
    .object({ proposalId: z.string(), topicId: z.string().nullable(), rank: z.number().nullable() })
    .nullable(),
});
export type AllocationCertificate = z.infer<typeof allocationCertificateSchema>;
export const allocationCertificateResponse = z.object({ certificate: allocationCertificateSchema });

/** GET /api/terms/:id/allocation/receipt?proposalId= (DESIGN.md §20). */
export const receiptQuery = z.object({ proposalId: uuid({ error: "Choose a group." }) });

/**
 * A group's receipt: the topic it got, and for every topic it ranked above that one, why not, in
 * counts; and how many blocking pairs involve it (each is also a reason, naming the move by hand
 * that made it).
 */
export const allocationReceiptSchema = z.object({
  proposalId: z.string(),
  /** From the published allocation (its certificate), or from the committee's draft. */
  published: z.boolean(),
  got: z.object({ topicId: z.string(), title: z.string(), rank: z.number().nullable() }).nullable(),
  reasons: z.array(
    z.object({
      topicId: z.string(),
      title: z.string(),
      /** Its place on the group's list (1 = first choice). */
      rank: z.number(),
      why: z.enum(["topicFull", "supervisorFull", "blockingPair"]),
      sentence: z.string(),
    }),
  ),
  blockingPairs: z.number(),
});
export type AllocationReceipt = z.infer<typeof allocationReceiptSchema>;
export const allocationReceiptResponse = z.object({ receipt: allocationReceiptSchema });
