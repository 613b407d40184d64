import { z } from "zod";
import { ACTIVITY_KINDS } from "../activity";
import { PROPOSAL_STATUSES, PROPOSAL_TYPES } from "../enums";
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

/**
 * The requests of a proposal's life (DESIGN.md §9, §15) beside the submission and the review
 * (proposals.ts), and what they answer.
 */

export const invitationAnswerSchema = z.object({
  accept: z.boolean({ error: "Say whether you accept: accept must be true or false." }),
});

export const withdrawSchema = z.object({ reason: optionalText("Reason", LIMITS.reasonMax) });

export const reopenSchema = z.object({
  reason: optionalText("Reason", LIMITS.reasonMax).refine((r) => r.length > 0, MSG.reasonRequired),
});

export const reassignSchema = z.object({ supervisorId: uuid({ error: "Choose a supervisor." }) });

/** The committee's sign-off of a proposal Awaiting committee: feedback is required to deny. */
export const decisionSchema = z
  .object({
    status: z.enum(["Approved", "Denied"], { error: "Status must be Approved or Denied." }),
    feedback: optionalText("Feedback", LIMITS.feedbackMax),
  })
  .refine((v) => v.status !== "Denied" || v.feedback.length > 0, {
    path: ["feedback"],
    message: "Feedback is required when denying a proposal.",
  });
export type DecisionInput = z.input<typeof decisionSchema>;

/** A new version answering "Changes requested". */
export const versionInputSchema = z.object({
  title: shownText("Title", LIMITS.proposalTitleMax),
  abstract: requiredText("Abstract", LIMITS.proposalAbstractMax),
  documentId: uuid({ error: "Invalid document." }).optional(),
  note: optionalText("Note", LIMITS.versionNoteMax),
});
export type VersionInput = z.input<typeof versionInputSchema>;

export const versionSchema = z.object({
  id: z.string(),
  number: z.number(),
  title: z.string(),
  abstract: z.string(),
  note: z.string().nullable(),
  author: namedRef.nullable(),
  createdAt: z.string(),
  document: fileRefSchema.nullable(),
});
export type Version = z.infer<typeof versionSchema>;
export const versionListResponse = z.object({ items: z.array(versionSchema) });

/** An open invitation, as the invitee sees it on their dashboard. */
export const invitationSchema = z.object({
  proposalId: z.string(),
  title: z.string(),
  type: z.enum(PROPOSAL_TYPES),
  by: namedRef,
  supervisor: namedRef.nullable(),
  researchCell: titledRef.nullable(),
  /** A group of an allocation term: the titles of the topics it ranked, best first (none in a direct term). */
  topics: z.array(z.string()),
  /** Its term; once submissions close, the invitation can no longer be accepted (DESIGN.md §21). */
  term: namedRef.extend({ submissionsCloseAt: z.string().nullable() }),
  /** The others named in the group, and whether they have accepted yet. */
  members: z.array(namedRef.extend({ state: z.enum(["accepted", "invited"]) })),
  invitedAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListResponse = z.object({ items: z.array(invitationSchema) });

/** One thing that happened (a timeline row, or a row of the committee's activity log). */
export const activityItemSchema = z.object({
  id: z.number(),
  at: z.string(),
  /** Null: done by the scheduler at a deadline (or by an account since deleted). */
  actor: namedRef.nullable(),
  kind: z.string(),
  action: z.string(),
  proposal: titledRef.nullable(),
  subject: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  from: z.enum(PROPOSAL_STATUSES).nullable(),
  to: z.enum(PROPOSAL_STATUSES).nullable(),
  note: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
export const timelineResponse = z.object({ items: z.array(activityItemSchema) });

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are written YYYY-MM-DD.")
  .optional();

/** The committee's activity log: by person (who did it or whom it concerns), kind, and days (in TIME_ZONE). */
export const activityQuery = pageQuery.extend({
  personId: uuid({ error: "Invalid person." }).optional(),
  kind: z.enum(ACTIVITY_KINDS, { error: `Kind must be one of ${ACTIVITY_KINDS.join(", ")}.` }).optional(),
  from: day,
  to: day,
});
export type ActivityQuery = z.input<typeof activityQuery>;
export const activityCsvQuery = activityQuery.omit({ page: true, pageSize: true });
export const activityPageResponse = pageResponse(activityItemSchema);
export type ActivityPage = z.infer<typeof activityPageResponse>;
