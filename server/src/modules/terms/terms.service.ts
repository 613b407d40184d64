import { DEFAULT_TOLERANCE } from "@shared/grades";
import { MSG } from "@shared/messages";
import {
  type SupervisorLoad,
  type Term,
  type TermInput,
  type TermPatch,
  termDateIssues,
  termDeleteRefusal,
  termGradingIssues,
  type termInputSchema,
  type termPatchSchema,
} from "@shared/schemas/terms";
import { formatInZone } from "@shared/time";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { iso } from "../../db/query";
import {
  ConflictError,
  NotFoundError,
  PG,
  pgErrorCode,
  uniqueConflict,
  ValidationError,
} from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import { recordIn } from "../activity/activity.repository";
import { assertGradingOpen, GRADING_FIELD_NAMES, withScaleTolerance } from "./grading";
import {
  deleteCapacity,
  deleteTerm,
  insertTerm,
  isSupervisor,
  makeCurrent,
  selectLoad,
  selectTerm,
  selectTermAnswer,
  selectTerms,
  type TermAnswerRow,
  type TermRow,
  type TermValues,
  takePlace,
  updateTerm,
  upsertCapacity,
} from "./terms.repository";

export type { TermInput, TermPatch };

/** A term as the API answers it, from its row. */
export function toTerm(r: TermAnswerRow): Term {
  return {
    id: r.id,
    name: r.name,
    mode: r.mode,
    submissionsOpenAt: iso(r.submissions_open_at),
    submissionsCloseAt: iso(r.submissions_close_at),
    revisionsCloseAt: iso(r.revisions_close_at),
    reviewDueDays: r.review_due_days,
    committeeApproval: r.committee_approval,
    defaultCapacity: r.default_capacity,
    maxPreferences: r.max_preferences,
    current: r.current,
    proposalCount: r.proposal_count,
    allocationPublishedAt: iso(r.allocation_published_at),
    thesisDueAt: iso(r.thesis_due_at),
    writingWeeks: r.writing_weeks,
    gradeScale: r.grade_scale,
    gradeTolerance: r.grade_tolerance,
    rubric: r.rubric,
    declarationText: r.declaration_text,
    markingDays: r.marking_days,
    defenseRequired: r.defense_required,
    defenseMinutes: r.defense_minutes,
    gradingFrozen: r.grading_frozen,
    createdAt: iso(r.created_at)!,
  };
}

export async function listTerms(db: Db): Promise<Term[]> {
  return (await selectTerms(db)).map(toTerm);
}

/** Names are unique in any case: the unique index decides, so two simultaneous adds cannot both win. */
const nameConflict = uniqueConflict("name", MSG.termNameTaken);

export async function createTerm(
  ctx: RequestContext,
  input: z.output<typeof termInputSchema>,
): Promise<Term> {
  return inTransaction(ctx, async (c) => {
    const id = await insertTerm(c.db, {
      ...input,
      gradeTolerance: input.gradeTolerance ?? DEFAULT_TOLERANCE[input.gradeScale],
    });
    await recordIn(c, "term", "create", { subjectId: id, subjectName: input.name });
    return toTerm((await selectTermAnswer(c.db, id))!);
  }).catch(nameConflict);
}

/**
 * Changes a term: the change over the stored term is checked whole (a new close against the
 * stored open), and the mode is frozen once the term has proposals. The row is locked, so two
 * changes apply one after the other, each checked against the other's result.
 */
export async function patchTerm(
  ctx: RequestContext,
  id: string,
  patch: z.output<typeof termPatchSchema>,
): Promise<Term> {
  return inTransaction(ctx, async (c) => {
    const row = await selectTermAnswer(c.db, id, true);
    if (!row) throw new NotFoundError(MSG.termNotFound);
    const stored = toTerm(row);
    const next = withScaleTolerance(stored, { ...stored, ...patch } as TermValues, patch);
    const issues = [...termDateIssues(next), ...termGradingIssues(next)];
    if (issues.length)
      throw new ValidationError(
        issues[0].message,
        Object.fromEntries(issues.map((i) => [i.field, i.message])),
      );
    if (next.mode !== stored.mode && stored.proposalCount > 0)
      throw new ConflictError(MSG.termModeFrozen, { mode: MSG.termModeFrozen });
    assertGradingOpen(stored, next);
    await updateTerm(c.db, id, next);
    await recordIn(c, "term", "update", {
      subjectId: id,
      subjectName: next.name,
      note: changedFields(stored, next),
    });
    return toTerm((await selectTermAnswer(c.db, id))!);
  }).catch(nameConflict);
}

/** Deletes a term with no proposals that is not current (the foreign keys decide under races). */
export async function removeTerm(ctx: RequestContext, id: string): Promise<void> {
  await inTransaction(ctx, async (c) => {
    const row = await selectTermAnswer(c.db, id, true);
    if (!row) throw new NotFoundError(MSG.termNotFound);
    const refusal = termDeleteRefusal(toTerm(row));
    if (refusal) throw new ConflictError(refusal);
    try {
      await deleteTerm(c.db, id);
      await recordIn(c, "term", "delete", { subjectId: id, subjectName: row.name });
    } catch (err) {
      if (pgErrorCode(err) === PG.foreignKeyViolation) throw new ConflictError(MSG.termHasProposals);
      throw err;
    }
  });
}

export async function setCurrentTerm(ctx: RequestContext, id: string): Promise<Term> {
  return inTransaction(ctx, async (c) => {
    const row = await selectTermAnswer(c.db, id, true);
    if (!row) throw new NotFoundError(MSG.termNotFound);
    await makeCurrent(c.db, id);
    await recordIn(c, "term", "current", { subjectId: id, subjectName: row.name });
    return toTerm((await selectTermAnswer(c.db, id))!);
  });
}

async function termAndSupervisor(db: Db, termId: string, supervisorId: string) {
  const term = await selectTerm(db, termId);
  if (!term) throw new NotFoundError(MSG.termNotFound);
  const supervisor = await isSupervisor(db, supervisorId);
  if (!supervisor) throw new NotFoundError(MSG.teacherNotFound);
  return { term, supervisor };
}

export async function setCapacity(
  ctx: RequestContext,
  termId: string,
  supervisorId: string,
  capacity: number,
) {
  try {
    await inTransaction(ctx, async (c) => {
      const { term, supervisor } = await termAndSupervisor(c.db, termId, supervisorId);
      if (!(await upsertCapacity(c.db, termId, supervisorId, capacity)))
        throw new NotFoundError(MSG.teacherNotFound);
      await recordIn(c, "place", "set", {
        subjectId: supervisorId,
        subjectName: supervisor.name,
        note: `${term.name}: ${capacity}`,
      });
    });
  } catch (err) {
    // The term or the supervisor went away meanwhile.
    if (pgErrorCode(err) === PG.foreignKeyViolation) throw new NotFoundError();
    throw err;
  }
}

export async function clearCapacity(ctx: RequestContext, termId: string, supervisorId: string) {
  await inTransaction(ctx, async (c) => {
    const { term, supervisor } = await termAndSupervisor(c.db, termId, supervisorId);
    await deleteCapacity(c.db, termId, supervisorId);
    await recordIn(c, "place", "clear", {
      subjectId: supervisorId,
      subjectName: supervisor.name,
      note: term.name,
    });
  });
}

/** Which of a term's settings a change touched, in words for the activity log. */
function changedFields(before: TermValues, after: TermValues): string | null {
  const names: Record<keyof TermValues, string> = {
    name: "name",
    mode: "mode",
    submissionsOpenAt: "submissions open",
    submissionsCloseAt: "submissions close",
    revisionsCloseAt: "revisions close",
    reviewDueDays: "review due days",
    committeeApproval: "committee approval",
    defaultCapacity: "default places",
    maxPreferences: "preferences",
    ...GRADING_FIELD_NAMES,
  };
  const changed = (Object.keys(names) as (keyof TermValues)[]).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return changed.length ? `Changed: ${changed.map((k) => names[k]).join(", ")}` : null;
}

export async function termLoad(db: Db, termId: string, now: Date): Promise<SupervisorLoad[]> {
  if (!(await selectTerm(db, termId))) throw new NotFoundError(MSG.termNotFound);
  return (await selectLoad(db, termId, now)).map((r) => ({
    supervisorId: r.supervisor_id,
    name: r.name,
    used: r.used,
    capacity: r.capacity,
    override: r.override,
    overdue: r.overdue,
  }));
}

/**
 * What the current term allows a submission at `now` (DESIGN.md §8: open from OpenAt inclusive to
 * CloseAt exclusive): throws 409 with the term's words when the window is shut.
 */
export function assertWindowOpen(term: TermRow, now: Date, timeZone: string) {
  const t = now.getTime();
  if (term.submissions_open_at !== null && t < new Date(term.submissions_open_at).getTime())
    throw new ConflictError(
      MSG.submissionsOpenOn(
        term.name,
        formatInZone(new Date(term.submissions_open_at).toISOString(), timeZone),
      ),
    );
  if (term.submissions_close_at !== null && t >= new Date(term.submissions_close_at).getTime())
    throw new ConflictError(MSG.submissionsClosed(term.name));
}

/** Takes one of the supervisor's places in the term, or 409 "{name} has no places left in {term}." */
export async function assertPlaceLeft(db: Db, term: TermRow, supervisor: { id: string; name: string }) {
  if (!(await takePlace(db, term.id, supervisor.id)))
    throw new ConflictError(MSG.noPlacesLeft(supervisor.name, term.name), {
      supervisorId: MSG.noPlacesLeft(supervisor.name, term.name),
    });
}
