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
import { replay } from "./certificate.service";
import { type AllocationInputs, inputsFromCanonical, readInputs } from "./inputs";
import { type TermInstance, termInstance } from "./instance";
import { receiptHolds, receiptsFor } from "./receipts";
import type { SpaMatching } from "./spa-student";
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
    const reasons = receiptsFor(t.instance, matching, g).filter((r) =>
      receiptHolds(t.instance, matching, g, r),
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
              : MSG.receiptBlocking(title(r.topic), moveThatMade(source, g, r.topic, words)),
      })),
      blockingPairs: blockingPairs(t.instance, matching).filter((b) => b.group === g).length,
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
 * matching has no blocking pair, so one of the moves made it. In words that name no other group.
 */
function moveThatMade(source: Source, g: number, p: number, words: Map<string, { title: string }>) {
  const { moves } = source;
  let made = moves.length;
  for (let n = moves.length; n >= 0; n--) {
    const { t, assignments } = replay(source.inputs, source.seed, moves.slice(0, n));
    const blocks = blockingPairs(t.instance, matchingOf(t, assignments)).some(
      (b) => b.group === g && b.topic === p,
    );
    if (!blocks) break;
    made = n;
  }
  const move = moves[made - 1];
  if (!move) return MSG.receiptSinceRun;
  return move.proposalId === source.inputs.groups[g].id
    ? MSG.receiptOwnMove(move.topicId ? (words.get(move.topicId)?.title ?? "") : null)
    : MSG.receiptOtherMove(made, moves.length);
}
