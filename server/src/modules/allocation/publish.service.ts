import { MSG } from "@shared/messages";
import type { Proposal } from "@shared/schemas/proposals";
import { ConflictError, fieldError } from "../../lib/errors";
import { changeOf, inTransaction, type RequestContext } from "../../lib/request-context";
import { recordIn } from "../activity/activity.repository";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import { proposalCommand } from "../proposals/command";
import { tableRow } from "../proposals/transition";
import { selectTerm } from "../terms/terms.repository";
import { assertPlaceLeft } from "../terms/terms.service";
import { assertTakesProposals } from "../users/active-supervisor";
import { lockInputs, selectAssignments } from "./allocation.repository";
import { unpublishedDraft } from "./allocation.service";
import { certify } from "./certificate.service";
import { inputsDigest, readInputs } from "./inputs";
import {
  abstractFromTopic,
  firstVersionsFromTopic,
  markPublished,
  membersByTopic,
  placeAssigned,
  recordPlacements,
  topicPlacesUsed,
} from "./publish.repository";
import { selectAllocationTerm, selectTopic } from "./topics.repository";

/** Recipients of one live event: a NOTIFY payload must stay under 8,000 bytes. */
const EVENT_CHUNK = 150;

/**
 * Publishes the term's draft in one transaction (DESIGN.md §11): each matched group's proposal
 * becomes Pending with its topic's supervisor and cell (its title and abstract from the topic
 * unless the group wrote its own), by the transition table's row for `place`; unmatched groups
 * stay Awaiting allocation; every group and every supervisor concerned is told. Refused with 409
 * when the term is published already, or when the draft is out of date: the inputs now (read
 * under the locks of `lockInputs`, so no change can commit under the publication) differ from
 * those it was made from, or it no longer fits the places left (a move by hand).
 * The proposals are moved by one statement each kind, not one per group: a term's publication is
 * all of its groups at once. The status they move to is the table's (`tableRow`), as for one group
 * placed by hand through the one command; what the groups hear is the term's news, one email each.
 */
export async function publishAllocation(ctx: RequestContext, termId: string) {
  return inTransaction(ctx, async (c) => {
    const tx = c.db;
    const { term, draft } = await unpublishedDraft(tx, termId, "update");
    await lockInputs(tx, termId);
    const inputs = await readInputs(tx, termId);
    if (draft.inputs_digest !== inputsDigest(inputs)) throw new ConflictError(MSG.allocationOutOfDate);

    // The draft must still fit: its topics offered, their places and their supervisors' left.
    const assignments = await selectAssignments(tx, termId);
    const matched = assignments.filter((a) => a.topic_id !== null);
    const offered = new Map(inputs.topics.map((t) => [t.id, t]));
    const supervisors = new Map(inputs.supervisors.map((s) => [s.id, s]));
    const perTopic = new Map<string, number>();
    const perSupervisor = new Map<string, number>();
    for (const a of matched) {
      const topic = offered.get(a.topic_id!);
      if (!topic) throw new ConflictError(MSG.allocationOutOfDate);
      perTopic.set(topic.id, (perTopic.get(topic.id) ?? 0) + 1);
      perSupervisor.set(topic.supervisor_id, (perSupervisor.get(topic.supervisor_id) ?? 0) + 1);
    }
    for (const [id, n] of perTopic)
      if (n > offered.get(id)!.left) throw new ConflictError(MSG.allocationOutOfDate);
    for (const [id, n] of perSupervisor) {
      const s = supervisors.get(id)!;
      if (s.capacity !== null && s.used + n > s.capacity) throw new ConflictError(MSG.allocationOutOfDate);
    }

    // The table's row (Awaiting allocation → place → Pending), as for a group placed by hand.
    const from = "Awaiting allocation";
    const to = tableRow("place", from, ["committee"]);
    const placed = await placeAssigned(tx, termId, to, c.now);
    // A group that left Awaiting allocation since the run (withdrawn, say) means the draft is stale.
    if (placed.length !== matched.length) throw new ConflictError(MSG.allocationOutOfDate);

    await firstVersionsFromTopic(tx, { termId }, c.now);
    await recordPlacements(tx, termId, changeOf(c), from, to);
    await markPublished(tx, termId, c.now);
    await certify(tx, {
      termId,
      seed: draft.seed,
      inputs,
      assignments: assignments.map((a) => ({ proposalId: a.proposal_id, topicId: a.topic_id, rank: a.rank })),
      by: c.by?.id ?? null,
      at: c.now,
    });
    await recordIn(c, "allocation", "publish", {
      subjectId: termId,
      subjectName: term.name,
      note: `${matched.length} placed, ${assignments.length - matched.length} unmatched`,
    });

    // Everyone hears their result: each topic's groups one email, the unmatched one, the supervisors one.
    const publicUrl = c.publicUrl;
    const told: string[] = [];
    for (const g of await membersByTopic(tx, termId)) {
      await enqueueEmails(
        tx,
        g.members,
        g.topic_id
          ? emails.proposalChanged({
              title: g.title!,
              subject: "Your group's topic",
              what: `The allocation of ${term.name} is published: your group has "${g.title}" with ${g.supervisor}. Your proposal is now Pending with them.`,
              link: `${publicUrl}/student/dashboard`,
            })
          : emails.proposalChanged({
              title: term.name,
              subject: "No topic for your group yet",
              what: `The allocation of ${term.name} is published, and no topic on your group's list had a place left for it. The committee will place your group by hand.`,
              link: `${publicUrl}/student/dashboard`,
            }),
      );
      told.push(...g.members);
    }
    const withGroups = [...perSupervisor.keys()];
    await enqueueEmails(
      tx,
      withGroups,
      emails.proposalChanged({
        title: term.name,
        subject: "Your groups from the allocation",
        what: `The allocation of ${term.name} is published: the groups placed on your topics are now Pending with you.`,
        link: `${publicUrl}/supervisor/pending-proposals`,
      }),
    );
    const everyone = [...told, ...withGroups];
    for (let i = 0; i < everyone.length; i += EVENT_CHUNK)
      c.emit(everyone.slice(i, i + EVENT_CHUNK), { type: "allocation.published", termId, term: term.name });
    return { placed: matched.length, unmatched: assignments.length - matched.length };
  });
}

/**
 * After publication the committee places a group left Awaiting allocation on a topic of its
 * term (DESIGN.md §11), with the topic's places and its supervisor's checked (409 naming what is
 * full), by the table's `place` row.
 */
export function placeGroup(ctx: RequestContext, proposalId: string, topicId: string): Promise<Proposal> {
  return proposalCommand(
    ctx,
    proposalId,
    async ({ facts }, c) => {
      const term = await selectAllocationTerm(c.db, facts.term_id);
      if (!term?.allocation_published_at) throw new ConflictError(MSG.allocationNotPublished);
      const topic = await selectTopic(c.db, topicId, true);
      if (!topic || topic.term_id !== facts.term_id) throw fieldError("topicId", MSG.unknownTopic);
      if (topic.withdrawn_at) throw fieldError("topicId", MSG.withdrawnTopic(topic.title));
      await assertTakesProposals(c.db, topic.supervisor_id, "topicId");
      const subject = { id: topic.id, name: topic.title };
      return {
        action: "place",
        subject,
        before: async () => {
          if ((await topicPlacesUsed(c.db, topic.id)) >= topic.capacity)
            throw new ConflictError(MSG.topicFull(topic.title));
          await assertPlaceLeft(c.db, (await selectTerm(c.db, facts.term_id))!, {
            id: topic.supervisor_id,
            name: topic.supervisor_name,
          });
        },
        set: () => ({
          supervisorId: topic.supervisor_id,
          researchCellId: topic.cell_id,
          topicId: topic.id,
          // The type follows the topic (issue 33 item 6).
          type: topic.type,
          ...(facts.title === "" ? { title: topic.title } : {}),
        }),
        after: async () => {
          await abstractFromTopic(c.db, proposalId, topic.description);
          await firstVersionsFromTopic(c.db, { proposalId }, c.now);
        },
        tell: { title: facts.title || topic.title, supervisorName: topic.supervisor_name },
      };
    },
    true,
  );
}
