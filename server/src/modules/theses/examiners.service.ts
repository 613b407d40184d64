import { MSG } from "@shared/messages";
import type { examinersSchema } from "@shared/schemas/assessments";
import type { z } from "zod";
import type { theses } from "../../db/schema";
import { ConflictError, fieldError, PG, pgErrorCode } from "../../lib/errors";
import type { RequestContext } from "../../lib/request-context";
import { rebookDefense } from "../defenses/defense-end";
import { isGroupMember, type Place, selectCandidate } from "./assessment.repository";
import { tellThesis } from "./tell";
import type { ThesisRow } from "./theses.repository";
import { thesisService } from "./thesis-action";
import { applyThesisTransition } from "./thesis-transition";

const KEY = { first: "firstExaminerId", second: "secondExaminerId" } as const;
const current = (t: ThesisRow, p: Place) => (p === "first" ? t.first_examiner_id : t.second_examiner_id);
const assessedAt = (t: ThesisRow, p: Place) => (p === "first" ? t.first_assessed_at : t.second_assessed_at);

/**
 * Why the person may not be the thesis's examiner in `place` (DESIGN.md §17), or null: an active
 * teacher account, never a member, never both examiners; the second never its supervisor.
 */
async function refusal(c: RequestContext, thesis: ThesisRow, place: Place, id: string, other: string | null) {
  const who = await selectCandidate(c.db, id);
  if (!who) return MSG.examinerNotFound;
  if (await isGroupMember(c.db, thesis.proposal_id, id)) return MSG.examinerIsMember;
  if (who.role !== "supervisor") return MSG.examinerNotTeacher;
  if (who.deactivated) return MSG.examinerDeactivated;
  if (place === "second" && id === thesis.supervisor_id) return MSG.secondExaminerIsSupervisor;
  if (id === other) return MSG.examinerTwice;
  return null;
}

/**
 * PUT /api/theses/:id/examiners: the committee names the second examiner, or replaces either,
 * until that examiner's assessment is in (409 then). A refused person: 400 at their field, nothing
 * changed. The new examiners are told; the timeline names them (never a student's concern before
 * release, but not content either).
 */
const naming = thesisService(
  "nameExaminer",
  (input: z.output<typeof examinersSchema>) => async (c, thesis, parties) => {
    const after = {
      first: input.firstExaminerId ?? thesis.first_examiner_id,
      second: input.secondExaminerId ?? thesis.second_examiner_id,
    };
    const set: Partial<typeof theses.$inferInsert> = {};
    const named: { id: string; words: string }[] = [];
    for (const place of ["first", "second"] as const) {
      const wanted = input[KEY[place]];
      if (wanted === undefined || wanted === current(thesis, place)) continue;
      if (assessedAt(thesis, place)) throw new ConflictError(MSG.examinerAssessed(place));
      const why = await refusal(c, thesis, place, wanted, after[place === "first" ? "second" : "first"]);
      if (why) throw fieldError(KEY[place], why);
      set[KEY[place]] = wanted;
      const who = (await selectCandidate(c.db, wanted))!;
      named.push({ id: wanted, words: `${who.name} the ${place} examiner` });
    }
    if (!named.length) return;
    const words = named.map((n) => n.words).join(" and ");
    await applyThesisTransition(c, thesis, parties, {
      action: "nameExaminer",
      subject: { id: named.length === 1 ? named[0]!.id : null, name: words },
      set: () => set,
    });
    // Its defense, if one is booked, now books the new examiner (§18: nobody double-booked).
    await rebookDefense(c, thesis, {
      ...thesis,
      first_examiner_id: after.first,
      second_examiner_id: after.second,
    });
    await tellThesis(c, thesis, "nameExaminer", { detail: words, extra: named.map((n) => n.id) });
  },
);

export const nameExaminers: typeof naming = (ctx, id, input) =>
  naming(ctx, id, input).catch((err) => {
    // Booked at that time a moment ago by another request: the constraint refused it.
    throw pgErrorCode(err) === PG.exclusionViolation ? new ConflictError(MSG.defenseSlotTaken) : err;
  });
