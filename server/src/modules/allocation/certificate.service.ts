import { MSG } from "@shared/messages";
import type { AllocationCertificate } from "@shared/schemas/allocation";
import type { Db } from "../../db/client";
import { iso } from "../../db/query";
import { NotFoundError } from "../../lib/errors";
import type { SessionUser } from "../../plugins/auth";
import type { Assignment } from "./allocation.repository";
import {
  type CertificateRow,
  insertCertificate,
  selectCertificate,
  selectCertificateParty,
  selectDraftMoves,
  selectProposalTopics,
  selectTermIdByName,
} from "./certificate.repository";
import { type AllocationInputs, canonicalInputs, inputsDigest, inputsFromCanonical } from "./inputs";
import { draftBlockingPairs, summary, termInstance, toAssignments } from "./instance";
import { spaStudent } from "./spa-student";

/**
 * The allocation certificate (DESIGN.md §20): at the publication, what the published matching was
 * made from (the seed, the inputs in their canonical form and their digest, the moves by hand)
 * and what it gave (every group's result, the profile, the blocking pairs). `verifyCertificate`
 * makes it again from those inputs alone.
 */

export const ALGORITHM = "Student-optimal stable matching (SPA-student, Abraham, Irving and Manlove 2007)";

type Result = CertificateRow["result"];

const resultOf = (assignments: Assignment[]): Result =>
  [...assignments]
    .sort((a, b) => (a.proposalId < b.proposalId ? -1 : a.proposalId > b.proposalId ? 1 : 0))
    .map((a) => [a.proposalId, a.topicId, a.rank]);

/** What the inputs and the seed give: the matching, then the committee's moves in order. */
export function replay(inputs: AllocationInputs, seed: string, moves: CertificateRow["moves"]) {
  const t = termInstance(inputs, seed);
  const assignments = toAssignments(t, spaStudent(t.instance));
  const byGroup = new Map(assignments.map((a) => [a.proposalId, a]));
  const lists = new Map(t.groups.map((g) => [g.id, g.preferences]));
  for (const m of moves) {
    const a = byGroup.get(m.proposalId);
    if (!a) continue;
    const at = m.topicId ? (lists.get(m.proposalId) ?? []).indexOf(m.topicId) : -1;
    a.topicId = m.topicId;
    a.rank = at < 0 ? null : at + 1;
  }
  return { t, assignments };
}

/** Stores the certificate of the term's publication, in the publication's transaction. */
export async function certify(
  tx: Db,
  p: {
    termId: string;
    seed: string;
    inputs: AllocationInputs;
    assignments: Assignment[];
    by: string | null;
    at: Date;
  },
) {
  const t = termInstance(p.inputs, p.seed);
  const s = summary(p.assignments, p.seed);
  await insertCertificate(tx, {
    termId: p.termId,
    seed: p.seed,
    inputs: canonicalInputs(p.inputs),
    inputsDigest: inputsDigest(p.inputs),
    moves: await selectDraftMoves(tx, p.termId),
    result: resultOf(p.assignments),
    byRank: s.byRank,
    unmatched: s.unmatched,
    blockingPairs: draftBlockingPairs(t, p.assignments).map((b) => [b.proposalId, b.topicId]),
    publishedAt: p.at,
    publishedBy: p.by,
  });
}

/**
 * The certificate as its people may read it: the committee, the students of the term's groups and
 * the supervisors with topics in it; anyone else, and a term published before certificates were
 * kept, 404.
 */
export async function readCertificate(
  db: Db,
  user: SessionUser,
  termId: string,
): Promise<AllocationCertificate> {
  const c = await selectCertificate(db, termId);
  if (!c) throw new NotFoundError(MSG.noCertificate);
  const party = await selectCertificateParty(
    db,
    termId,
    user.id,
    c.result.map(([id]) => id),
  );
  if (user.role !== "committee" && !party.groupId && !party.offers)
    throw new NotFoundError(MSG.noCertificate);
  const inputs = inputsFromCanonical(c.inputs);
  const own = party.groupId ? c.result.find(([id]) => id === party.groupId) : undefined;
  return {
    termId,
    termName: c.term_name,
    publishedAt: iso(c.published_at),
    publishedBy: c.published_by,
    algorithm: ALGORITHM,
    seed: c.seed,
    inputsDigest: c.inputs_digest,
    groups: c.result.length,
    topics: inputs.topics.length,
    supervisors: inputs.supervisors.length,
    byRank: c.by_rank,
    unmatched: c.unmatched,
    handMoves: c.moves.length,
    blockingPairs: c.blocking_pairs.length,
    yours: own ? { proposalId: own[0], topicId: own[1], rank: own[2] } : null,
  };
}

/**
 * `npm run cli -- verify-allocation --term NAME`: digests the stored inputs again, recomputes the
 * matching from them and the seed, replays the moves by hand, and compares the result, its
 * profile and its blocking pairs with the certificate's, and the certificate's placements with
 * the proposals' topics now (a group left unmatched may have been placed by hand since). Every
 * difference is named.
 */
export async function verifyCertificate(db: Db, termName: string): Promise<{ ok: boolean; lines: string[] }> {
  const term = await selectTermIdByName(db, termName);
  if (!term) throw new NotFoundError(MSG.termNotFound);
  const c = await selectCertificate(db, term.id);
  if (!c) throw new NotFoundError(MSG.noCertificate);
  const head = `${c.term_name}: ${c.result.length} groups, seed ${c.seed}, inputs ${c.inputs_digest}.`;
  const no = (...problems: string[]) => ({
    ok: false,
    lines: [head, ...problems, "The published allocation does NOT match its certificate."],
  });
  // Inputs changed after the publication prove nothing further: the matching is not recomputed from them.
  let inputs: AllocationInputs;
  try {
    inputs = inputsFromCanonical(c.inputs);
  } catch {
    return no("The stored inputs cannot be read: they were changed after the publication.");
  }
  if (inputsDigest(inputs) !== c.inputs_digest || canonicalInputs(inputs) !== c.inputs)
    return no("The stored inputs do not match their digest: they were changed after the publication.");
  const problems: string[] = [];
  const { t, assignments } = replay(inputs, c.seed, c.moves);
  const result = resultOf(assignments);
  const stored = new Map(c.result.map((r) => [r[0], r]));
  if (result.length !== c.result.length)
    problems.push(`The inputs give ${result.length} groups; the certificate lists ${c.result.length}.`);
  for (const r of result) {
    const s = stored.get(r[0]);
    if (!s || s[1] !== r[1] || s[2] !== r[2])
      problems.push(
        `Group ${r[0]}: the inputs give ${r[1] ?? "no topic"}; the certificate says ${s?.[1] ?? "no topic"}.`,
      );
  }
  const s = summary(assignments, c.seed);
  if (JSON.stringify(s.byRank) !== JSON.stringify(c.by_rank) || s.unmatched !== c.unmatched)
    problems.push("The profile (choices got, unmatched) differs from the certificate's.");
  const pairs = draftBlockingPairs(t, assignments).map((b) => `${b.proposalId}:${b.topicId}`);
  if (
    pairs.sort().join() !==
    c.blocking_pairs
      .map(([p, x]) => `${p}:${x}`)
      .sort()
      .join()
  )
    problems.push("The blocking pairs differ from the certificate's.");
  const now = new Map(
    (
      await selectProposalTopics(
        db,
        c.result.map(([id]) => id),
      )
    ).map((p) => [p.id, p.topic_id]),
  );
  for (const [id, topicId] of c.result)
    if (topicId !== null && now.get(id) !== topicId)
      problems.push(
        `Group ${id} is on ${now.get(id) ?? "no topic"} now; the certificate places it on ${topicId}.`,
      );
  return problems.length
    ? no(...problems)
    : { ok: true, lines: [head, "The published allocation matches its certificate."] };
}
