import type { ThesisWriting } from "@shared/schemas/thesis-writing";
import { iso } from "../../db/query";
import type { RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { thesisFor } from "./thesis-transition";
import {
  selectDeclarations,
  selectDrafts,
  selectLatestExtension,
  selectTermScale,
} from "./writing.repository";

/**
 * GET /api/theses/:id/writing: its drafts (newest first, the final one marked), its latest
 * extension request, the term's declaration text and who of its members declared it; to those who
 * may see the thesis (404 otherwise).
 */
export async function thesisWriting(ctx: RequestContext<SessionUser>, id: string): Promise<ThesisWriting> {
  const { thesis } = await thesisFor(ctx.db, id, ctx.by);
  const [drafts, x, declarations, term] = await Promise.all([
    selectDrafts(ctx.db, id),
    selectLatestExtension(ctx.db, id),
    selectDeclarations(ctx.db, id),
    selectTermScale(ctx.db, thesis.proposal_id),
  ]);
  const members = new Set(thesis.members.map((m) => m.id));
  return {
    drafts: drafts.map((d) => ({
      id: d.id,
      number: d.number,
      author: { id: d.author_id, name: d.author_name },
      createdAt: iso(d.created_at),
      document: d.document,
      final: thesis.final_document_id === d.document.id,
    })),
    extension: !x
      ? null
      : {
          requestedBy: { id: x.requested_by, name: x.requested_by_name },
          dueAt: iso(x.requested_due_at),
          reason: x.reason,
          state: x.state,
          decidedAs: x.decided_as,
          decidedBy: x.decided_by_name,
          decidedAt: iso(x.decided_at),
          grantedDueAt: iso(x.granted_due_at),
          note: x.note,
          createdAt: iso(x.created_at),
        },
    declarationText: term!.declaration_text,
    // A removed member's declaration no longer counts, nor shows.
    declarations: declarations
      .filter((d) => members.has(d.student_id))
      .map((d) => ({ studentId: d.student_id, declaredAt: iso(d.declared_at) })),
  };
}
