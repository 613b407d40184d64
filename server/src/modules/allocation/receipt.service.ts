import { MSG } from "@shared/messages";
import type { AllocationReceipt } from "@shared/schemas/allocation";
import type { Db } from "../../db/client";
import { snapshot } from "../../db/query";
import { NotFoundError } from "../../lib/errors";
import type { SessionUser } from "../../plugins/auth";
import { selectAssignments, selectDraft } from "./allocation.repository";
import { blockingPairs } from "./blocking-pairs";
import {
  type CertificateRow,
  isMemberOf,
  selectCertificate,
  selectDraftMoves,
  selectTopicWords,
} from "./certificate.repository";
import { type AllocationInputs, inputsFromCanonical, readInputs } from "./inputs";
import { type TermInstance, termInstance } from "./instance";
import { receiptHolds, receiptsFor } from "./receipts";
import { type SpaMatching, spaStudent } from "./spa-student";
import { selectAllocationTerm } from "./topics.repository";

/** What a receipt is read from: the published allocation's certificate, or the committee's draft. */
interface Source {
  published: boolean;
  inputs: AllocationInputs;
  seed: string;
  moves: CertificateRow["moves"];
  result: { proposalId: string; topicId: string | null }[];
}

/**
 * A group's receipt (DESIGN.md §20): for a published term, from its certificate, to the group's
 * members and the committee; for a draft, to the committee only. Anyone else, a group not in the
 * allocation, or a term published before certificates were kept: 404. Each statement is checked
 * against the matching before it is shown.
 */
export function readReceipt(db: Db, user: SessionUser, termId: string, proposalId: string) {
  return snapshot(db, async (tx): Promise<AllocationReceipt> => {
    const term = await selectAllocationTerm(tx, termId);
    if (!term) throw new NotFoundError(MSG.termNotFound);
    const committee = user.role === "committee";
    if (!committee && !(term.allocation_published_at && (await isMemberOf(tx, proposalId, user.id))))
      throw new NotFoundError(MSG.notInAllocation);
    const source = await sourceOf(tx, termId, !!term.allocation_published_at);
    const t = termInstance(source.inputs, source.seed);
    const g = t.groups.findIndex((x) => x.id === proposalId);
    if (g < 0) throw new NotFoundError(MSG.notInAllocation);
    const matching = matchingOf(t, source.result);
    // The matching's blocking pairs, found once: the checks and the count read them.
    const pairs = blockingPairs(t.instance, matching);
    const reasons = receiptsFor(t.instance, matching, g).filter((r) =>
      receiptHolds(t.instance, matching, g, r, pairs),
    );
    const words = new Map(
      (
        await selectTopicWords(
          tx,
          t.topics.map((x) => x.id),
        )
      ).map((w) => [w.id, w]),
    );
    const title = (p: number) => words.get(t.topics[p].id)?.title ?? "";
    const got = matching[g];
    const list = t.instance.prefs[g];
    return {
      proposalId,
      published: source.published,
      got:
        got === null
          ? null
          : {
              topicId: t.topics[got].id,
              title: title(got),
              rank: list.includes(got) ? list.indexOf(got) + 1 : null,
            },
      reasons: reasons.map((r) => ({
        topicId: t.topics[r.topic].id,
        title: title(r.topic),
        rank: list.indexOf(r.topic) + 1,
        why: r.why,
        sentence:
          r.why === "topicFull"
            ? MSG.receiptTopicFull(title(r.topic), r.places)
            : r.why === "supervisorFull"
              ? MSG.receiptSupervisorFull(
                  words.get(t.topics[r.topic].id)?.supervisor ?? "The supervisor",
                  r.places,
                )
              : MSG.receiptBlocking(title(r.topic), moveThatMade(t, source.moves, g, r.topic, words)),
      })),
      blockingPairs: pairs.filter((b) => b.group === g).length,
    };
  });
}

async function sourceOf(tx: Db, termId: string, published: boolean): Promise<Source> {
  if (published) {
    const c = await selectCertificate(tx, termId);
    if (!c) throw new NotFoundError(MSG.noCertificate);
    return {
      published,
      inputs: inputsFromCanonical(c.inputs),
      seed: c.seed,
      moves: c.moves,
      result: c.result.map(([proposalId, topicId]) => ({ proposalId, topicId })),
    };
  }
  const draft = await selectDraft(tx, termId);
  if (!draft) throw new NotFoundError(MSG.allocationNotRun);
  return {
    published,
    inputs: await readInputs(tx, termId),
    seed: draft.seed,
    moves: await selectDraftMoves(tx, termId),
    result: (await selectAssignments(tx, termId)).map((a) => ({
      proposalId: a.proposal_id,
      topicId: a.topic_id,
    })),
  };
}

const matchingOf = (t: TermInstance, result: Source["result"]): SpaMatching => {
  const byGroup = new Map(result.map((r) => [r.proposalId, r.topicId]));
  return t.groups.map((x) => {
    const topicId = byGroup.get(x.id);
    return (topicId ? t.topicIndex.get(topicId) : undefined) ?? null;
  });
};

/**
 * The move by hand after which the pair (g, p) blocks and goes on blocking: the algorithm's own
 * matching has no blocking pair, so one of the moves made it. The run's matching is computed once
 * and the moves applied to it one by one. In words that name no other group.
 */
function moveThatMade(
  t: TermInstance,
  moves: Source["moves"],
  g: number,
  p: number,
  words: Map<string, { title: string }>,
) {
  const matching = spaStudent(t.instance);
  const groupIndex = new Map(t.groups.map((x, i) => [x.id, i]));
  let made = 0;
  moves.forEach((m, n) => {
    const i = groupIndex.get(m.proposalId);
    if (i !== undefined) matching[i] = (m.topicId ? t.topicIndex.get(m.topicId) : undefined) ?? null;
    const blocks = blockingPairs(t.instance, matching).some((b) => b.group === g && b.topic === p);
    made = !blocks ? 0 : made || n + 1;
  });
  const move = moves[made - 1];
  if (!move) return MSG.receiptSinceRun;
  return move.proposalId === t.groups[g].id
    ? MSG.receiptOwnMove(move.topicId ? (words.get(move.topicId)?.title ?? "") : null)
    : MSG.receiptOtherMove(made, moves.length);
}
