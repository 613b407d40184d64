import { FAIL_GRADE } from "@shared/grades";
import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import type { extensionDecisionSchema, extensionRequestSchema } from "@shared/schemas/thesis-writing";
import { formatInZone } from "@shared/time";
import type { z } from "zod";
import { ConflictError, fieldError, NotFoundError } from "../../lib/errors";
import type { RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { assertOwnDocument } from "../files/documents";
import { markLeft } from "../groups/groups.repository";
import { tellThesis } from "./tell";
import { thesisAction, thesisService } from "./thesis-action";
import { applyThesisTransition } from "./thesis-transition";
import {
  decideExtensionRow,
  insertDraft,
  insertExtension,
  insertGrades,
  selectLatestExtension,
  selectTermScale,
} from "./writing.repository";

/** A due date as the department reads it (messages, emails, the timeline). */
const shown = (c: RequestContext, d: Date | string) => formatInZone(new Date(d).toISOString(), c.timeZone);

/** A new due date must be later than `current` (§16), else 400 at `dueAt` naming the current one. */
function laterThan(c: RequestContext, dueAt: string, current: string) {
  if (new Date(dueAt).getTime() <= new Date(current).getTime())
    throw fieldError("dueAt", MSG.dueNotLater(shown(c, current)));
}

/** A member uploads a draft (a PDF of their own, POST /api/files): the next numbered version (§16). */
export const uploadDraft = thesisService(
  "uploadDraft",
  (documentId: string, id) => async (c, thesis, parties) => {
    await assertOwnDocument(c.db, documentId, c.by.id, "thesis");
    const number = await insertDraft(c.db, { thesisId: id, documentId, authorId: c.by.id, at: c.now });
    await applyThesisTransition(c, thesis, parties, {
      action: "uploadDraft",
      subject: { name: `draft ${number}` },
    });
    await tellThesis(c, thesis, "uploadDraft", { detail: String(number) });
  },
);

/** A member asks for a later due date with a reason, at any time in Writing; one request open at a time. */
export const requestExtension = thesisService(
  "requestExtension",
  (input: z.output<typeof extensionRequestSchema>, id) => async (c, thesis, parties) => {
    laterThan(c, input.dueAt, thesis.due_at);
    if ((await selectLatestExtension(c.db, id))?.state === "open") throw new ConflictError(MSG.extensionOpen);
    await insertExtension(c.db, {
      thesisId: id,
      requestedBy: c.by.id,
      requestedDueAt: new Date(input.dueAt),
      reason: input.reason,
      at: c.now,
    });
    const when = shown(c, input.dueAt);
    await applyThesisTransition(c, thesis, parties, {
      action: "requestExtension",
      text: input.reason,
      subject: { name: when },
    });
    await tellThesis(c, thesis, "requestExtension", { detail: when, note: input.reason });
  },
);

/**
 * The supervisor decides an open request; the committee an open one or one the supervisor decided,
 * its decision standing over theirs (decision 0066): approving moves the due date (to `dueAt`, else
 * the date asked), later than the one before the request was decided; refusing a request the
 * supervisor had approved restores that date.
 */
export const decideExtension = thesisService(
  "decideExtension",
  (input: z.output<typeof extensionDecisionSchema>, id) => async (c, thesis, parties) => {
    const as = parties.includes("committee") ? "committee" : "supervisor";
    const request = await selectLatestExtension(c.db, id);
    if (!request) throw new ConflictError(MSG.noExtensionToDecide);
    if (request.decided_as === "committee") throw new ConflictError(MSG.extensionDecidedByCommittee);
    if (request.state !== "open" && as === "supervisor") throw new ConflictError(MSG.extensionDecided);
    // The due date before this request was decided: what a decision is measured against.
    const before = request.previous_due_at ?? thesis.due_at;
    const granted = input.approve ? (input.dueAt ?? new Date(request.requested_due_at).toISOString()) : null;
    if (granted) laterThan(c, granted, before);
    const dueAt = new Date(granted ?? before);
    await decideExtensionRow(c.db, request.id, {
      approve: input.approve,
      by: c.by.id,
      as,
      at: c.now,
      grantedDueAt: granted ? dueAt : null,
      previousDueAt: new Date(before),
      note: input.note || null,
    });
    const words = input.approve ? `approved, due ${shown(c, dueAt)}` : "refused";
    await applyThesisTransition(c, thesis, parties, {
      action: "decideExtension",
      text: input.note,
      subject: { name: words },
      set: () => ({ dueAt }),
    });
    await tellThesis(c, thesis, "decideExtension", {
      detail: `${input.approve ? "approved" : "refused"} the extension request; the thesis is due ${shown(c, dueAt)}`,
      note: input.note || null,
    });
  },
);

/** The committee records a thesis in Writing as failed, not submitted: Graded, every member with the scale's fail grade. */
export function failThesis(ctx: RequestContext<SessionUser>, id: string, reason: string): Promise<Thesis> {
  return thesisAction(ctx, id, "fail", async (c, thesis, parties) => {
    const { grade_scale } = (await selectTermScale(c.db, thesis.proposal_id))!;
    await applyThesisTransition(c, thesis, parties, { action: "fail", text: reason });
    const grades = thesis.members.map((m) => ({ studentId: m.id, grade: FAIL_GRADE[grade_scale] }));
    await insertGrades(c.db, id, grades, "failed", c.now);
    await tellThesis(c, thesis, "fail", { note: reason });
  });
}

/** The committee removes a member in Writing with a reason: no longer a member, their place freed (§16). */
export function removeMember(
  ctx: RequestContext<SessionUser>,
  id: string,
  studentId: string,
  reason: string,
): Promise<Thesis> {
  return thesisAction(ctx, id, "removeMember", async (c, thesis, parties) => {
    const member = thesis.members.find((m) => m.id === studentId);
    if (!member) throw new NotFoundError(MSG.notAMember);
    if (thesis.members.length === 1) throw new ConflictError(MSG.lastMember);
    await markLeft(c.db, thesis.proposal_id, studentId);
    await applyThesisTransition(c, thesis, parties, {
      action: "removeMember",
      text: reason,
      subject: { id: member.id, name: member.name },
    });
    await tellThesis(c, thesis, "removeMember", { detail: member.name, note: reason, extra: [member.id] });
  });
}
