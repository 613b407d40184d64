import { MSG } from "@shared/messages";
import type { Applicant, PreferenceList } from "@shared/schemas/allocation";
import type { Db } from "../../db/client";
import { iso } from "../../db/query";
import { ConflictError, fieldError, NotFoundError } from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { recordIn } from "../activity/activity.repository";
import { factsFor, factsToRead } from "../proposals/transition";
import {
  applicantIds,
  replacePreferences,
  replaceRanking,
  selectApplicants,
  selectPreferences,
  topicsOfTerm,
} from "./allocation.repository";
import { selectAllocationTerm } from "./topics.repository";
import { openForChange } from "./topics.service";

// ── preferences ─────────────────────────────────────────────────────────────

/**
 * Checks a group's list against its term (DESIGN.md §11, §21): 1…maxPreferences distinct topics of
 * the term, all offered (none withdrawn, none of a deactivated supervisor). Bad input is a 400
 * naming the problem, at the field `topicIds`.
 */
export async function checkPreferences(db: Db, termId: string, maxPreferences: number, topicIds: string[]) {
  if (topicIds.length > maxPreferences) throw fieldError("topicIds", MSG.tooManyPreferences(maxPreferences));
  const found = await topicsOfTerm(db, termId, topicIds);
  if (found.length !== topicIds.length) throw fieldError("topicIds", MSG.unknownTopic);
  const withdrawn = found.find((t) => t.withdrawn);
  if (withdrawn) throw fieldError("topicIds", MSG.withdrawnTopic(withdrawn.title));
  const away = found.find((t) => t.supervisor_deactivated);
  if (away) throw fieldError("topicIds", MSG.supervisorDeactivated(away.supervisor_name));
}

/** The group's list, best first, to whoever may read it: everyone who sees the proposal, its invitees too (404 for anyone else). */
export async function groupPreferences(
  db: Db,
  user: SessionUser,
  proposalId: string,
): Promise<PreferenceList> {
  const { facts } = await factsToRead(db, proposalId, user, "preferences");
  const term = await selectAllocationTerm(db, facts.term_id);
  if (!term) throw new NotFoundError(MSG.termNotFound);
  return {
    items: (await selectPreferences(db, proposalId)).map((r) => ({
      topicId: r.topic_id,
      title: r.title,
      supervisor: { id: r.supervisor_id, name: r.supervisor_name },
      researchCell: { id: r.cell_id, title: r.cell_title },
    })),
    maxPreferences: term.max_preferences,
    publishedAt: term.allocation_published_at ? iso(term.allocation_published_at) : null,
  };
}

/** A member replaces the group's list, until the allocation is published. */
export async function setPreferences(
  ctx: RequestContext<SessionUser>,
  proposalId: string,
  topicIds: string[],
) {
  await inTransaction(ctx, async (c) => {
    const tx = c.db;
    // The term first, then the group (the order the publication locks them in).
    const seen = await factsFor(tx, proposalId, c.by);
    const term = await openForChange(tx, seen.facts.term_id);
    const { facts, parties } = await factsFor(tx, proposalId, c.by, true);
    if (!parties.includes("creator") && !parties.includes("member")) throw new NotFoundError();
    if (facts.status !== "Awaiting members" && facts.status !== "Awaiting allocation")
      throw new ConflictError(MSG.proposalIsNow(facts.status));
    await checkPreferences(tx, term.id, term.max_preferences, topicIds);
    await replacePreferences(tx, proposalId, topicIds);
    await recordIn(c, "allocation", "preferences", { proposalId, note: `${topicIds.length} topics` });
  });
}

// ── rankings ────────────────────────────────────────────────────────────────

export async function listApplicants(db: Db, user: SessionUser, termId: string): Promise<Applicant[]> {
  const term = await selectAllocationTerm(db, termId);
  if (!term) throw new NotFoundError(MSG.termNotFound);
  return (await selectApplicants(db, termId, user.id)).map((r) => ({
    proposalId: r.proposal_id,
    title: r.title,
    abstract: r.abstract,
    members: r.members ?? [],
    preferences: r.preferences ?? [],
    rank: r.rank,
  }));
}

/** The supervisor's order of their applicants, best first; those left out follow by lot. */
export async function setRanking(ctx: RequestContext<SessionUser>, termId: string, proposalIds: string[]) {
  await inTransaction(ctx, async (c) => {
    const tx = c.db;
    await openForChange(tx, termId);
    const mine = await applicantIds(tx, termId, c.by.id, proposalIds);
    if (proposalIds.some((id) => !mine.has(id))) throw fieldError("proposalIds", MSG.notAnApplicant);
    await replaceRanking(tx, termId, c.by.id, proposalIds);
    await recordIn(c, "allocation", "ranking", { note: `${proposalIds.length} ranked` });
  });
}
