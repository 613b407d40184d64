import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import type { thesisReturnSchema } from "@shared/schemas/thesis-writing";
import { formatInZone } from "@shared/time";
import type { z } from "zod";
import { ConflictError, fieldError } from "../../lib/errors";
import type { RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { tellThesis } from "./tell";
import { thesisAction, thesisService } from "./thesis-action";
import { applyThesisTransition } from "./thesis-transition";
import {
  anyAssessment,
  insertDeclaration,
  selectDeclarations,
  selectLatestDraft,
  selectTermScale,
  shareTermRow,
} from "./writing.repository";

const shown = (c: RequestContext, d: string) => formatInZone(new Date(d).toISOString(), c.timeZone);

/**
 * A member declares the thesis their own work, for themselves (§16): the term's declaration text as
 * it is now is stored with who and when. Declaring again keeps the first declaration and changes nothing.
 */
export function declare(ctx: RequestContext<SessionUser>, id: string): Promise<Thesis> {
  return thesisAction(ctx, id, "declare", async (c, thesis, parties) => {
    const { declaration_text } = (await selectTermScale(c.db, thesis.proposal_id))!;
    const fresh = await insertDeclaration(c.db, {
      thesisId: id,
      studentId: c.by.id,
      text: declaration_text,
      at: c.now,
    });
    if (!fresh) return;
    await applyThesisTransition(c, thesis, parties, { action: "declare" });
    await tellThesis(c, thesis, "declare");
  });
}

/**
 * A member submits (§16): before the due date (409 naming it), once every member has declared (409
 * naming who has not), with a draft to submit; the latest draft becomes the final document, locked.
 * The term's row is held FOR SHARE (decision 0063), so a change of its grading cannot slip past
 * the first submission.
 */
export function submit(ctx: RequestContext<SessionUser>, id: string): Promise<Thesis> {
  return thesisAction(ctx, id, "submit", async (c, thesis, parties, row) => {
    await shareTermRow(c.db, thesis.proposal_id);
    if (row.needs?.beforeDue && c.now.getTime() >= new Date(thesis.due_at).getTime())
      throw new ConflictError(MSG.thesisPastDue(shown(c, thesis.due_at)));
    if (row.needs?.everyoneDeclared) {
      const declared = new Set((await selectDeclarations(c.db, id)).map((d) => d.student_id));
      const missing = thesis.members.filter((m) => !declared.has(m.id)).map((m) => m.name);
      if (missing.length) throw new ConflictError(MSG.notEveryoneDeclared(missing));
    }
    const draft = await selectLatestDraft(c.db, id);
    if (!draft) throw new ConflictError(MSG.noDraftToSubmit);
    await applyThesisTransition(c, thesis, parties, {
      action: "submit",
      subject: { name: `draft ${draft.number}` },
      set: () => ({ submittedAt: c.now, finalDocumentId: draft.document_id }),
    });
    await tellThesis(c, thesis, "submit");
  });
}

/**
 * Its supervisor returns a submitted thesis for correction before any assessment is in (§16), with
 * a reason and a new due date later than the current one: Writing again, the final document
 * unlocked (the next submission makes the latest draft final).
 */
export const returnThesis = thesisService(
  "return",
  (input: z.output<typeof thesisReturnSchema>, id) => async (c, thesis, parties, row) => {
    if (row.needs?.noAssessment && (await anyAssessment(c.db, id)))
      throw new ConflictError(MSG.assessmentStarted);
    if (new Date(input.dueAt).getTime() <= new Date(thesis.due_at).getTime())
      throw fieldError("dueAt", MSG.dueNotLater(shown(c, thesis.due_at)));
    const when = shown(c, input.dueAt);
    await applyThesisTransition(c, thesis, parties, {
      action: "return",
      text: input.reason,
      subject: { name: when },
      set: () => ({ dueAt: new Date(input.dueAt), submittedAt: null, finalDocumentId: null }),
    });
    await tellThesis(c, thesis, "return", { detail: when, note: input.reason });
  },
);
