import { z } from "zod";
import { LIMITS } from "../limits";
import { MSG } from "../messages";
import { namedRef, optionalText, uuid } from "./common";
import { thesisReasonSchema } from "./theses";

/** The requests of a thesis being written and submitted (DESIGN.md §16, §23), and what they answer. */

/** A new due date: a date and time, later than the current one (checked by the server against the thesis). */
const dueAt = z.iso
  .datetime({ offset: true, error: MSG.thesisDueAtInvalid })
  .transform((v) => new Date(v).toISOString());

/** POST /api/theses/:id/drafts: a PDF the member uploaded (POST /api/files). */
export const thesisDraftSchema = z.object({ documentId: uuid(MSG.draftDocumentRequired) });

/** POST /api/theses/:id/extension */
export const extensionRequestSchema = thesisReasonSchema.extend({ dueAt });
export type ExtensionRequestInput = z.input<typeof extensionRequestSchema>;

/** POST /api/theses/:id/extension/decision: `dueAt` (when approving) instead of the date asked. */
export const extensionDecisionSchema = z.object({
  approve: z.boolean({ error: "Approve must be true or false." }),
  dueAt: dueAt.optional(),
  note: optionalText("Note", LIMITS.reasonMax),
});
export type ExtensionDecisionInput = z.input<typeof extensionDecisionSchema>;

/** POST /api/theses/:id/return: the supervisor's reason and the new due date. */
export const thesisReturnSchema = thesisReasonSchema.extend({ dueAt });
export type ThesisReturnInput = z.input<typeof thesisReturnSchema>;

/** PUT /api/theses/:id/declaration: each member for themselves. */
export const declarationSchema = z.object({
  declaration: z.literal(true, { error: MSG.declarationRequired }),
});

/** POST /api/theses/:id/submission: nothing (the latest draft becomes final). */
export const submissionSchema = z.object({}).strict();

/** DELETE /api/theses/:id/members/:studentId */
export const thesisMemberParams = z.object({ id: uuid("Invalid id."), studentId: uuid("Invalid student.") });

const fileRef = z.object({ id: z.string(), name: z.string(), size: z.number() });

/** GET /api/theses/:id/writing: the drafts, the latest extension request, the declarations. */
export const thesisWritingSchema = z.object({
  drafts: z.array(
    z.object({
      id: z.string(),
      number: z.number(),
      author: namedRef,
      createdAt: z.string(),
      document: fileRef,
      /** The final document, locked at submission. */
      final: z.boolean(),
    }),
  ),
  extension: z
    .object({
      requestedBy: namedRef,
      dueAt: z.string(),
      reason: z.string(),
      state: z.enum(["open", "approved", "refused"]),
      decidedAs: z.enum(["supervisor", "committee"]).nullable(),
      decidedBy: z.string().nullable(),
      decidedAt: z.string().nullable(),
      grantedDueAt: z.string().nullable(),
      note: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
  /** The term's declaration text, and who of the members declared it when. */
  declarationText: z.string(),
  declarations: z.array(z.object({ studentId: z.string(), declaredAt: z.string() })),
});
export type ThesisWriting = z.infer<typeof thesisWritingSchema>;
export const thesisWritingResponse = z.object({ writing: thesisWritingSchema });
