import type { Visibility } from "@shared/enums";
import { MSG } from "@shared/messages";
import { effectiveVisibility, everyoneConsents } from "@shared/release";
import type {
  TermRelease,
  ThesisResult,
  visibilityChangeSchema,
  visibilityProposalSchema,
} from "@shared/schemas/release";
import type { Thesis } from "@shared/schemas/theses";
import type { ThesisParty } from "@shared/thesis-life";
import { dayTimeInZone } from "@shared/time";
import type { z } from "zod";
import { iso } from "../../db/query";
import { ConflictError, NotFoundError } from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { selectActiveDefense } from "../defenses/defenses.repository";
import { selectGrades } from "./assessment.repository";
import {
  selectConsents,
  selectGradedOfTerm,
  selectStudentComments,
  termExists,
  upsertConsent,
} from "./release.repository";
import { tellThesis } from "./tell";
import type { ThesisRow } from "./theses.repository";
import { thesisAction, thesisService } from "./thesis-action";
import { applyThesisTransition, mayThesis, thesisFor } from "./thesis-transition";
import { selectTermScale } from "./writing.repository";

const dateOrNull = (v: string | null | undefined) => (v ? new Date(v) : null);

/**
 * PUT /api/theses/:id/visibility-proposal: its supervisor proposes Public, Internal or Private and
 * an optional embargo date (§19), until release; through the one engine, on the timeline.
 */
export const proposeVisibility = thesisService(
  null,
  (input: z.output<typeof visibilityProposalSchema>) => async (c, thesis, parties) => {
    await applyThesisTransition(c, thesis, parties, {
      action: "proposeVisibility",
      subject: { name: input.visibility },
      set: () => ({ proposedVisibility: input.visibility, embargoUntil: dateOrNull(input.embargoUntil) }),
    });
    await tellThesis(c, thesis, "proposeVisibility", { detail: input.visibility });
  },
);

/** PUT /api/theses/:id/publication-consent: a member agrees (or not) to Public, for themselves, until release. */
export const consentToPublication = thesisService(
  "consentPublication",
  (agree: boolean, id) => async (c, thesis, parties) => {
    await upsertConsent(c.db, { thesisId: id, studentId: c.by.id, public: agree, at: c.now });
    await applyThesisTransition(c, thesis, parties, {
      action: "consentPublication",
      // The answer is the row's subject; the member is its actor.
      subject: { name: agree ? "agrees" : "does not agree" },
    });
  },
);

/**
 * Why the thesis may not be released now, or null (§18): in a term with defenseRequired, only once
 * its defense has ended (an active defense whose end is past); none scheduled waits too.
 */
async function releaseRefusal(c: RequestContext, thesis: ThesisRow): Promise<string | null> {
  if (!thesis.defense_required) return null;
  const d = await selectActiveDefense(c.db, thesis.id);
  if (!d) return MSG.releaseNoDefense;
  const ends = iso(d.ends_at);
  if (new Date(ends).getTime() > c.now.getTime())
    return MSG.releaseDefenseNotEnded(`${dayTimeInZone(ends, c.timeZone)} (${c.timeZone})`);
  return null;
}

/** Releases one locked Graded thesis with its own proposal (§17, §19); its members and teachers told. */
async function releaseOne(c: RequestContext<SessionUser>, thesis: ThesisRow, parties: ThesisParty[]) {
  mayThesis(thesis, parties, "release");
  const refusal = await releaseRefusal(c, thesis);
  if (refusal) throw new ConflictError(refusal);
  const consents = await selectConsents(c.db, thesis.id);
  const visibility = effectiveVisibility(
    thesis.proposed_visibility,
    thesis.members.map((m) => m.id),
    consents,
  );
  await applyThesisTransition(c, thesis, parties, {
    action: "release",
    subject: { name: visibility },
    set: () => ({ releasedAt: c.now, visibility }),
  });
  await tellThesis(c, thesis, "release");
  return visibility;
}

/** POST /api/theses/:id/release: the committee releases one Graded thesis. */
export function releaseThesis(ctx: RequestContext<SessionUser>, id: string): Promise<Thesis> {
  return thesisAction(ctx, id, null, async (c, thesis, parties) => {
    await releaseOne(c, thesis, parties);
  });
}

/**
 * POST /api/terms/:id/release-grades: the committee releases every Graded thesis of the term, each
 * with its own proposal, in one transaction; those whose defense has not ended wait (decision 0075).
 */
export function releaseTerm(ctx: RequestContext<SessionUser>, termId: string): Promise<TermRelease> {
  return inTransaction(ctx, async (c) => {
    if (!(await termExists(c.db, termId))) throw new NotFoundError();
    const out: TermRelease = { released: [], waiting: [] };
    for (const id of await selectGradedOfTerm(c.db, termId)) {
      const { thesis, parties } = await thesisFor(c.db, id, c.by, true);
      if (thesis.state !== "Graded") continue;
      const refusal = await releaseRefusal(c, thesis);
      if (refusal) out.waiting.push({ id, title: thesis.title, reason: refusal });
      else out.released.push({ id, title: thesis.title, visibility: await releaseOne(c, thesis, parties) });
    }
    return out;
  });
}

/**
 * PATCH /api/theses/:id/visibility: the committee changes a released thesis's visibility or
 * embargo (§19); Public only with every member's consent (409 naming who has not agreed).
 */
export const changeVisibility = thesisService(
  "changeVisibility",
  (input: z.output<typeof visibilityChangeSchema>, id) => async (c, thesis, parties) => {
    if (input.visibility === "Public") {
      const consents = await selectConsents(c.db, id);
      const missing = thesis.members.filter((m) => !everyoneConsents([m.id], consents));
      if (missing.length) throw new ConflictError(MSG.publicRefused(missing.map((m) => m.name).join(", ")));
    }
    const visibility: Visibility = input.visibility ?? thesis.visibility ?? "Internal";
    await applyThesisTransition(c, thesis, parties, {
      action: "changeVisibility",
      subject: { name: visibility },
      set: () => ({
        visibility,
        ...(input.embargoUntil !== undefined ? { embargoUntil: dateOrNull(input.embargoUntil) } : {}),
      }),
    });
    await tellThesis(c, thesis, "changeVisibility", { detail: visibility });
  },
);

/**
 * GET /api/theses/:id/result: the proposal and the consents to everyone who sees the thesis; once
 * Released, a member reads only their own grade, the others every member's, and both comments for
 * the students (never an internal comment, §17). Before release nothing of the marking.
 */
export async function readResult(ctx: RequestContext<SessionUser>, id: string): Promise<ThesisResult> {
  const { thesis, parties } = await thesisFor(ctx.db, id, ctx.by);
  const consents = await selectConsents(ctx.db, id);
  const memberIds = thesis.members.map((m) => m.id);
  const released = thesis.state === "Released";
  const gradeOf = released
    ? new Map((await selectGrades(ctx.db, id)).map((g) => [g.student_id, g.grade]))
    : null;
  const seen = parties.includes("member") ? thesis.members.filter((m) => m.id === ctx.by.id) : thesis.members;
  const { grade_scale } = (await selectTermScale(ctx.db, thesis.proposal_id))!;
  return {
    scale: grade_scale,
    proposedVisibility: thesis.proposed_visibility,
    embargoUntil: thesis.embargo_until ? iso(thesis.embargo_until) : null,
    consents: thesis.members.map((member) => ({
      member,
      public: consents.find((x) => x.studentId === member.id)?.public ?? null,
    })),
    effectiveVisibility: effectiveVisibility(thesis.proposed_visibility, memberIds, consents),
    visibility: released ? thesis.visibility : null,
    releasedAt: released && thesis.released_at ? iso(thesis.released_at) : null,
    grades: gradeOf
      ? seen.flatMap((member) => {
          const grade = gradeOf.get(member.id);
          return grade ? [{ member, grade }] : [];
        })
      : null,
    comments: released
      ? (await selectStudentComments(ctx.db, id)).map((r) => ({ examiner: r.examiner, text: r.text }))
      : null,
  };
}
