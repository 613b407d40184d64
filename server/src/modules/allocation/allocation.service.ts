import { MSG } from "@shared/messages";
import type { Allocation, Applicant, PreferenceList } from "@shared/schemas/allocation";
import type { Db } from "../../db/client";
import { snapshot } from "../../db/query";
import { ConflictError, fieldError, NotFoundError } from "../../lib/errors";
import { changeOf, inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { recordActivity } from "../activity/activity.repository";
import { factsFor, factsToRead } from "../proposals/transition";
import { assertTakesProposals } from "../users/active-supervisor";
import {
  type Assignment,
  applicantIds,
  moveInDraft,
  replacePreferences,
  replaceRanking,
  saveDraft,
  selectApplicants,
  selectAssignments,
  selectDraft,
  selectNamedAssignments,
  selectPreferences,
  topicsOfTerm,
} from "./allocation.repository";
import { blockingPairs } from "./blocking-pairs";
import { type AllocationInputs, inputsDigest, readInputs } from "./inputs";
import { drawLots, newSeed } from "./lot";
import { type SpaInstance, type SpaMatching, spaStudent } from "./spa-student";
import { selectAllocationTerm, selectTopic } from "./topics.repository";
import { openForChange } from "./topics.service";

const iso = (d: string) => new Date(d).toISOString();

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
    await recordActivity(tx, {
      ...changeOf(c),
      kind: "allocation",
      action: "preferences",
      proposalId,
      note: `${topicIds.length} topics`,
    });
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
    await recordActivity(tx, {
      ...changeOf(c),
      kind: "allocation",
      action: "ranking",
      note: `${proposalIds.length} ranked`,
    });
  });
}

// ── the instance ────────────────────────────────────────────────────────────

interface TermInstance {
  instance: SpaInstance;
  groups: AllocationInputs["groups"];
  topics: AllocationInputs["topics"];
  supervisors: AllocationInputs["supervisors"];
  /** A topic's place in `topics` (and in the instance), by its id. */
  topicIndex: Map<string, number>;
}

/**
 * The term's allocation as the paper's instance, from its inputs: groups Awaiting allocation and
 * their lists, topics still offered with their places left, supervisors with theirs (the term's
 * capacity less the groups they already hold; no limit is Infinity), and each supervisor's list:
 * their ranking, then their other applicants in the order the seed's lot gives.
 */
export function termInstance(inputs: AllocationInputs, seed: string): TermInstance {
  const { groups, topics, supervisors, rankings } = inputs;
  const groupIndex = new Map(groups.map((g, i) => [g.id, i]));
  const topicIndex = new Map(topics.map((t, i) => [t.id, i]));
  const supervisorIndex = new Map(supervisors.map((s, i) => [s.id, i]));
  const prefs = groups.map((g) =>
    g.preferences.flatMap((t) => (topicIndex.has(t) ? [topicIndex.get(t)!] : [])),
  );
  const applicants = supervisors.map(() => new Set<string>());
  prefs.forEach((list, g) => {
    for (const t of list) applicants[supervisorIndex.get(topics[t].supervisor_id)!].add(groups[g].id);
  });
  const ranked = supervisors.map(() => [] as string[]);
  for (const r of rankings) {
    const k = supervisorIndex.get(r.supervisor_id);
    if (k !== undefined && applicants[k].has(r.proposal_id)) ranked[k].push(r.proposal_id);
  }
  const instance: SpaInstance = {
    prefs,
    topics: topics.map((t) => ({
      supervisor: supervisorIndex.get(t.supervisor_id)!,
      capacity: Math.max(0, t.left),
    })),
    supervisors: supervisors.map((s, k) => {
      const rankedSet = new Set(ranked[k]);
      const lot = drawLots(
        [...applicants[k]].filter((id) => !rankedSet.has(id)),
        seed,
        s.id,
      );
      return {
        capacity: s.capacity === null ? Number.POSITIVE_INFINITY : Math.max(0, s.capacity - s.used),
        ranking: [...ranked[k], ...lot].map((id) => groupIndex.get(id)!),
      };
    }),
  };
  return { instance, groups, topics, supervisors, topicIndex };
}

const toAssignments = (t: TermInstance, m: SpaMatching): Assignment[] =>
  t.groups.map((g, i) => {
    const p = m[i];
    return {
      proposalId: g.id,
      topicId: p === null ? null : t.topics[p].id,
      rank: p === null ? null : t.instance.prefs[i].indexOf(p) + 1,
    };
  });

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
    const matched = assignments.filter((a) => a.topicId !== null).length;
    await recordActivity(tx, {
      ...changeOf(c),
      kind: "allocation",
      action: "run",
      subjectId: termId,
      subjectName: term.name,
      note: `${matched} of ${assignments.length} groups matched; seed ${seed}`,
    });
    return summary(assignments, seed);
  });
}

function summary(assignments: Assignment[], seed: string) {
  const byRank: number[] = [];
  let unmatched = 0;
  for (const a of assignments) {
    if (a.rank === null) {
      if (a.topicId === null) unmatched++;
      continue;
    }
    while (byRank.length < a.rank) byRank.push(0);
    byRank[a.rank - 1]++;
  }
  return { seed, groups: assignments.length, byRank, unmatched };
}

/** The draft's blocking pairs: the groups and topics that would both rather have each other. */
function draftBlockingPairs(t: TermInstance, rows: { proposalId: string; topicId: string | null }[]) {
  const byGroup = new Map(rows.map((a) => [a.proposalId, a.topicId]));
  const matching: SpaMatching = t.groups.map((g) => {
    const topicId = byGroup.get(g.id);
    return (topicId ? t.topicIndex.get(topicId) : undefined) ?? null;
  });
  return blockingPairs(t.instance, matching).map((b) => ({
    proposalId: t.groups[b.group].id,
    topicId: t.topics[b.topic].id,
  }));
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
  const assignedTo = new Map<string, number>();
  for (const a of assignments) {
    const i = a.topicId ? t.topicIndex.get(a.topicId) : undefined;
    if (i === undefined) continue;
    const supervisorId = t.topics[i].supervisor_id;
    assignedTo.set(supervisorId, (assignedTo.get(supervisorId) ?? 0) + 1);
  }
  const s = summary(assignments, draft?.seed ?? "");
  return {
    termId,
    publishedAt: term.allocation_published_at ? iso(term.allocation_published_at) : null,
    draft: draft
      ? {
          seed: draft.seed,
          madeAt: iso(draft.made_at),
          madeBy: draft.made_by_id ? { id: draft.made_by_id, name: draft.made_by_name ?? "" } : null,
          outOfDate: draft.inputs_digest !== inputsDigest(inputs),
          moved: draft.moved,
          assignments,
          byRank: s.byRank,
          unmatched: s.unmatched,
          blockingPairs: draftBlockingPairs(t, assignments),
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
    load: t.supervisors.map((x) => ({
      supervisorId: x.id,
      name: x.name,
      used: x.used,
      assigned: assignedTo.get(x.id) ?? 0,
      capacity: x.capacity,
    })),
  };
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
    const term = await selectAllocationTerm(tx, termId, "share");
    if (!term) throw new NotFoundError(MSG.termNotFound);
    if (term.allocation_published_at) throw new ConflictError(MSG.allocationPublished(term.name));
    const draft = await selectDraft(tx, termId, true);
    if (!draft) throw new ConflictError(MSG.allocationNotRun);
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
    await recordActivity(tx, {
      ...changeOf(c),
      kind: "allocation",
      action: "move",
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
