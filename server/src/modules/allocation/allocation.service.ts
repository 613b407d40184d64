import { MSG } from "@shared/messages";
import type { Allocation } from "@shared/schemas/allocation";
import type { Db } from "../../db/client";
import { iso, snapshot } from "../../db/query";
import { ConflictError, fieldError, NotFoundError } from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { recordIn } from "../activity/activity.repository";
import { assertTakesProposals } from "../users/active-supervisor";
import { saveDraft, selectAssignments, selectDraft, selectNamedAssignments } from "./allocation.repository";
import { moveInDraft, selectCertificate } from "./certificate.repository";
import { inputsDigest, readInputs } from "./inputs";
import { draftBlockingPairs, loadOf, matchedIn, summary, termInstance, toAssignments } from "./instance";
import { newSeed } from "./lot";
import { spaStudent } from "./spa-student";
import { selectAllocationTerm, selectTopic } from "./topics.repository";

// ── run, read, move ─────────────────────────────────────────────────────────

/**
 * Runs the allocation (DESIGN.md §11): the student-optimal stable matching of the term's groups
 * as they are now, stored as the term's draft with a new seed and the digest of the inputs it was
 * made from. Nothing else changes. The term's row is held (FOR SHARE), so a publication waits. The
 * draft and its digest come from the same rows read: a change committed while the run reads makes
 * the draft out of date at once, never silently stale.
 */
export async function runAllocation(ctx: RequestContext<SessionUser>, termId: string) {
  return inTransaction(ctx, async (c) => {
    const tx = c.db;
    const term = await selectAllocationTerm(tx, termId, "share");
    if (!term) throw new NotFoundError(MSG.termNotFound);
    if (term.mode !== "allocation") throw new ConflictError(MSG.notAllocationTerm(term.name));
    if (term.allocation_published_at) throw new ConflictError(MSG.allocationPublished(term.name));
    const seed = newSeed();
    const inputs = await readInputs(tx, termId);
    const t = termInstance(inputs, seed);
    const assignments = toAssignments(t, spaStudent(t.instance));
    await saveDraft(
      tx,
      { termId, inputsDigest: inputsDigest(inputs), seed, at: c.now, by: c.by.id },
      assignments,
    );
    const matched = matchedIn(assignments);
    await recordIn(c, "allocation", "run", {
      subjectId: termId,
      subjectName: term.name,
      note: `${matched} of ${assignments.length} groups matched; seed ${seed}`,
    });
    return summary(assignments, seed);
  });
}

/**
 * The term's draft, every group of the term, its topics, each supervisor's load, and what a move
 * broke. One snapshot (repeatable read): the draft is out of date when the inputs as they are in
 * it differ from those it was made from.
 */
export async function readAllocation(db: Db, termId: string): Promise<Allocation> {
  return snapshot(db, (tx) => readAllocationIn(tx, termId));
}

async function readAllocationIn(db: Db, termId: string): Promise<Allocation> {
  const term = await selectAllocationTerm(db, termId);
  if (!term) throw new NotFoundError(MSG.termNotFound);
  const draft = await selectDraft(db, termId);
  const inputs = await readInputs(db, termId);
  const t = termInstance(inputs, draft?.seed ?? "");
  const rows = draft ? await selectNamedAssignments(db, termId) : [];
  const assignments = rows.map((r) => ({
    proposalId: r.proposal_id,
    topicId: r.topic_id,
    rank: r.rank,
    title: r.title,
    creator: r.creator,
  }));
  // Once published, the figures are the publication's (its certificate): the inputs now are no
  // longer those it was made from (its groups have left Awaiting allocation).
  const certificate = term.allocation_published_at ? await selectCertificate(db, termId) : undefined;
  const s = certificate
    ? { byRank: certificate.by_rank, unmatched: certificate.unmatched }
    : summary(assignments, draft?.seed ?? "");
  return {
    termId,
    publishedAt: term.allocation_published_at ? iso(term.allocation_published_at) : null,
    draft: draft
      ? {
          seed: draft.seed,
          madeAt: iso(draft.made_at),
          madeBy: draft.made_by_id ? { id: draft.made_by_id, name: draft.made_by_name ?? "" } : null,
          outOfDate: !certificate && draft.inputs_digest !== inputsDigest(inputs),
          moved: draft.moved,
          assignments,
          byRank: s.byRank,
          unmatched: s.unmatched,
          blockingPairs: certificate
            ? certificate.blocking_pairs.map(([proposalId, topicId]) => ({ proposalId, topicId }))
            : draftBlockingPairs(t, assignments),
        }
      : null,
    groups: t.groups.map((g) => ({
      proposalId: g.id,
      title: g.title,
      creator: g.creator,
      preferences: g.preferences,
    })),
    topics: t.topics.map((x) => ({
      id: x.id,
      title: x.title,
      supervisorId: x.supervisor_id,
      capacity: Math.max(0, x.left),
    })),
    load: loadOf(inputs, assignments),
  };
}

/**
 * The term and its draft, held until the change commits (the term FOR SHARE for a move, FOR UPDATE
 * for the publication; the draft FOR UPDATE): 404 for no such term, 409 once it is published or
 * before the allocation has run.
 */
export async function unpublishedDraft(tx: Db, termId: string, lock: "share" | "update") {
  const term = await selectAllocationTerm(tx, termId, lock);
  if (!term) throw new NotFoundError(MSG.termNotFound);
  if (term.allocation_published_at) throw new ConflictError(MSG.allocationPublished(term.name));
  const draft = await selectDraft(tx, termId, true);
  if (!draft) throw new ConflictError(MSG.allocationNotRun);
  return { term, draft };
}

/**
 * The committee moves one group in the draft, to a topic of the term or to none; the places of the
 * topic and its supervisor are respected. Answers the draft's blocking pairs after the move.
 */
export async function moveGroup(
  ctx: RequestContext,
  termId: string,
  move: { proposalId: string; topicId: string | null },
) {
  return inTransaction(ctx, async (c) => {
    const tx = c.db;
    const { term, draft } = await unpublishedDraft(tx, termId, "share");
    const rows = await selectAssignments(tx, termId);
    const current = rows.find((r) => r.proposal_id === move.proposalId);
    if (!current) throw fieldError("proposalId", MSG.notInDraft);
    const t = termInstance(await readInputs(tx, termId), draft.seed);
    let rank: number | null = null;
    let topicTitle: string | null = null;
    if (move.topicId) {
      const topic = t.topics.find((x) => x.id === move.topicId);
      if (!topic) {
        // Not offered: say why when its supervisor is deactivated.
        const row = await selectTopic(tx, move.topicId);
        if (row?.term_id === termId && !row.withdrawn_at)
          await assertTakesProposals(tx, row.supervisor_id, "topicId");
        throw fieldError("topicId", MSG.unknownTopic);
      }
      topicTitle = topic.title;
      const others = rows.filter((r) => r.proposal_id !== move.proposalId && r.topic_id);
      const onTopic = others.filter((r) => r.topic_id === topic.id).length;
      if (onTopic >= topic.left) throw new ConflictError(MSG.topicFull(topic.title));
      const supervisor = t.supervisors.find((x) => x.id === topic.supervisor_id)!;
      const supervisorTopics = new Set(
        t.topics.filter((x) => x.supervisor_id === supervisor.id).map((x) => x.id),
      );
      const withSupervisor = others.filter((r) => supervisorTopics.has(r.topic_id!)).length;
      if (supervisor.capacity !== null && supervisor.used + withSupervisor >= supervisor.capacity)
        throw new ConflictError(MSG.noPlacesLeft(supervisor.name, term.name));
      const group = t.groups.find((g) => g.id === move.proposalId);
      const at = group ? group.preferences.indexOf(topic.id) : -1;
      rank = at < 0 ? null : at + 1;
    }
    await moveInDraft(tx, termId, { proposalId: move.proposalId, topicId: move.topicId, rank });
    await recordIn(c, "allocation", "move", {
      proposalId: move.proposalId,
      subjectId: move.topicId,
      subjectName: topicTitle,
      note: topicTitle ? `To "${topicTitle}"` : "To no topic",
    });
    const after = rows.map((r) => ({
      proposalId: r.proposal_id,
      topicId: r.proposal_id === move.proposalId ? move.topicId : r.topic_id,
    }));
    return { blockingPairs: draftBlockingPairs(t, after) };
  });
}
