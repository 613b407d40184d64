import { MSG } from "@shared/messages";
import { findTransition } from "@shared/proposal-life";
import type { Proposal } from "@shared/schemas/proposals";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows } from "../../db/query";
import {
  activity,
  allocationAssignments,
  proposalMembers,
  proposals,
  proposalVersions,
  terms,
  topics,
  users,
} from "../../db/schema";
import { ConflictError, fieldError, NotFoundError } from "../../lib/errors";
import { transactionWithEvents } from "../../lib/events";
import type { SessionUser } from "../../plugins/auth";
import { type ChangeContext, recordActivity } from "../activity/activity.repository";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import { happening } from "../proposals/invitations";
import type { LifeContext } from "../proposals/life-context";
import { isActive } from "../proposals/proposals.repository";
import { proposalById } from "../proposals/proposals.service";
import { tell } from "../proposals/tell";
import { applyTransition, factsFor } from "../proposals/transition";
import { selectTerm } from "../terms/terms.repository";
import { assertPlaceLeft } from "../terms/terms.service";
import { assertTakesProposals } from "../users/active-supervisor";
import { lockInputs, selectAssignments, selectDraft } from "./allocation.repository";
import { inputsDigest, readInputs } from "./inputs";
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
 * all of its groups at once.
 */
export async function publishAllocation(
  db: Db,
  user: SessionUser,
  termId: string,
  ctx: LifeContext,
  change: ChangeContext,
) {
  return transactionWithEvents(db, async (tx, emit) => {
    const term = await selectAllocationTerm(tx, termId, "update");
    if (!term) throw new NotFoundError(MSG.termNotFound);
    if (term.allocation_published_at) throw new ConflictError(MSG.allocationPublished(term.name));
    const draft = await selectDraft(tx, termId, true);
    if (!draft) throw new ConflictError(MSG.allocationNotRun);
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
    const row = findTransition("place", "Awaiting allocation", ["committee"])!;
    const to = row.to as "Pending";
    const placed = await selectRows<{ id: string }>(
      tx,
      sql`update ${proposals} p
             set status = ${to}, supervisor_id = t.supervisor_id, research_cell_id = t.research_cell_id,
                 topic_id = t.id, pending_since = ${change.at.toISOString()}::timestamptz,
                 title = case when p.title = '' then t.title else p.title end,
                 abstract = case when p.abstract = '' then t.description else p.abstract end
            from ${allocationAssignments} a join ${topics} t on t.id = a.topic_id
           where a.term_id = ${termId} and a.proposal_id = p.id and p.status = 'Awaiting allocation'
          returning p.id`,
    );
    // A group that left Awaiting allocation since the run (withdrawn, say) means the draft is stale.
    if (placed.length !== matched.length) throw new ConflictError(MSG.allocationOutOfDate);

    await tx.execute(sql`
      insert into ${proposalVersions} (proposal_id, number, title, abstract, author_id, created_at, note)
      select p.id, 1, p.title, p.abstract, p.created_by, ${change.at.toISOString()}::timestamptz, 'From the allocated topic'
        from ${proposals} p join ${allocationAssignments} a on a.proposal_id = p.id and a.term_id = ${termId} and a.topic_id is not null
       where not exists (select 1 from ${proposalVersions} v where v.proposal_id = p.id)`);
    await tx.execute(sql`
      insert into ${activity} (at, actor_id, kind, action, proposal_id, subject_id, subject_name, from_status, to_status, note)
      select ${change.at.toISOString()}::timestamptz, ${user.id}::uuid, 'proposal', 'publish', a.proposal_id, t.id, t.title,
             'Awaiting allocation', ${to}, case when a.rank is null then 'Placed by hand in the draft' else 'Choice ' || a.rank end
        from ${allocationAssignments} a join ${topics} t on t.id = a.topic_id
       where a.term_id = ${termId}`);
    await tx.execute(
      sql`update ${terms} set allocation_published_at = ${change.at.toISOString()}::timestamptz where id = ${termId}`,
    );
    await recordActivity(tx, {
      ...change,
      kind: "allocation",
      action: "publish",
      subjectId: termId,
      subjectName: term.name,
      note: `${matched.length} placed, ${assignments.length - matched.length} unmatched`,
    });

    // Everyone hears their result: each topic's groups one email, the unmatched one, the supervisors one.
    const byTopic = await selectRows<{
      topic_id: string | null;
      title: string | null;
      supervisor: string | null;
      members: string[];
    }>(
      tx,
      sql`select a.topic_id, t.title, s.name as supervisor, json_agg(m.user_id) as members
            from ${allocationAssignments} a
            join ${proposalMembers} m on m.proposal_id = a.proposal_id and m.state = 'accepted'
            left join ${topics} t on t.id = a.topic_id
            left join ${users} s on s.id = t.supervisor_id
           where a.term_id = ${termId}
           group by a.topic_id, t.title, s.name`,
    );
    const told: string[] = [];
    for (const g of byTopic) {
      await enqueueEmails(
        tx,
        g.members,
        g.topic_id
          ? emails.proposalChanged({
              title: g.title!,
              subject: "Your group's topic",
              what: `The allocation of ${term.name} is published: your group has "${g.title}" with ${g.supervisor}. Your proposal is now Pending with them.`,
              link: `${ctx.publicUrl}/student/dashboard`,
            })
          : emails.proposalChanged({
              title: term.name,
              subject: "No topic for your group yet",
              what: `The allocation of ${term.name} is published, and no topic on your group's list had a place left for it. The committee will place your group by hand.`,
              link: `${ctx.publicUrl}/student/dashboard`,
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
        link: `${ctx.publicUrl}/supervisor/pending-proposals`,
      }),
    );
    const everyone = [...told, ...withGroups];
    for (let i = 0; i < everyone.length; i += EVENT_CHUNK)
      emit(everyone.slice(i, i + EVENT_CHUNK), { type: "allocation.published", termId, term: term.name });
    return { placed: matched.length, unmatched: assignments.length - matched.length };
  });
}

/**
 * After publication the committee places a group left Awaiting allocation on a topic of its
 * term (DESIGN.md §11), with the topic's places and its supervisor's checked (409 naming what is
 * full), by the table's `place` row.
 */
export async function placeGroup(
  db: Db,
  ctx: LifeContext,
  user: SessionUser,
  proposalId: string,
  topicId: string,
): Promise<Proposal> {
  return transactionWithEvents(db, async (tx, emit) => {
    const { facts, parties } = await factsFor(tx, proposalId, user, true);
    const term = await selectAllocationTerm(tx, facts.term_id);
    if (!term?.allocation_published_at) throw new ConflictError(MSG.allocationNotPublished);
    const topic = await selectTopic(tx, topicId, true);
    if (!topic || topic.term_id !== facts.term_id) throw fieldError("topicId", MSG.unknownTopic);
    if (topic.withdrawn_at) throw fieldError("topicId", MSG.withdrawnTopic(topic.title));
    await assertTakesProposals(tx, topic.supervisor_id, "topicId");
    const result = await applyTransition(tx, facts, {
      action: "place",
      actor: user,
      parties,
      now: ctx.now,
      subject: { id: topic.id, name: topic.title },
      before: async () => {
        const used = await selectRow<{ n: number }>(
          tx,
          sql`select count(*)::int as n from ${proposals} p
               where p.topic_id = ${topic.id} and ${isActive()}`,
        );
        if ((used?.n ?? 0) >= topic.capacity) throw new ConflictError(MSG.topicFull(topic.title));
        await assertPlaceLeft(tx, (await selectTerm(tx, facts.term_id))!, {
          id: topic.supervisor_id,
          name: topic.supervisor_name,
        });
      },
      set: () => ({
        supervisorId: topic.supervisor_id,
        researchCellId: topic.cell_id,
        topicId: topic.id,
        ...(facts.title === "" ? { title: topic.title } : {}),
      }),
    });
    await tx.execute(sql`
      update ${proposals} set abstract = ${topic.description} where id = ${proposalId} and abstract = ''`);
    await tx.execute(sql`
      insert into ${proposalVersions} (proposal_id, number, title, abstract, author_id, created_at, note)
      select p.id, 1, p.title, p.abstract, p.created_by, ${ctx.now.toISOString()}::timestamptz, 'From the allocated topic'
        from ${proposals} p where p.id = ${proposalId}
         and not exists (select 1 from ${proposalVersions} v where v.proposal_id = p.id)`);
    await tell(
      tx,
      emit,
      happening(
        ctx,
        { ...facts, title: facts.title || topic.title, supervisor_name: topic.supervisor_name },
        result,
        {
          action: "place",
          actor: user,
          subject: { id: topic.id, name: topic.title },
        },
      ),
    );
    return proposalById(tx, proposalId);
  });
}
