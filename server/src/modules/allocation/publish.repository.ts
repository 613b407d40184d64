import type { ProposalStatus } from "@shared/enums";
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
import { isActive } from "../proposals/proposal-sql";

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Every group of the draft matched to a topic, still Awaiting allocation, moved to `to` with the
 * topic's supervisor, cell and type (its title and abstract from the topic unless the group wrote its
 * own), in one statement; the ids moved.
 */
export function placeAssigned(db: Db, termId: string, to: ProposalStatus, now: Date) {
  return selectRows<{ id: string }>(
    db,
    sql`update ${proposals} p
           set status = ${to}, supervisor_id = t.supervisor_id, research_cell_id = t.research_cell_id,
               topic_id = t.id, type = t.type, pending_since = ${at(now)},
               title = case when p.title = '' then t.title else p.title end,
               abstract = case when p.abstract = '' then t.description else p.abstract end
          from ${allocationAssignments} a join ${topics} t on t.id = a.topic_id
         where a.term_id = ${termId} and a.proposal_id = p.id and p.status = 'Awaiting allocation'
        returning p.id`,
  );
}

/** A group placed by hand takes its topic's description when it wrote no abstract. */
export async function abstractFromTopic(db: Db, proposalId: string, description: string) {
  await db.execute(
    sql`update ${proposals} set abstract = ${description} where id = ${proposalId} and abstract = ''`,
  );
}

/**
 * Version 1 of the proposal placed by hand, or of each group the term's draft matched to a topic,
 * that has none yet (a group that left its title to the topic): its title and abstract as they
 * are now, by its creator.
 */
export async function firstVersionsFromTopic(
  db: Db,
  of: { proposalId: string } | { termId: string },
  now: Date,
) {
  const which =
    "proposalId" in of
      ? sql`p.id = ${of.proposalId}`
      : sql`p.id in (select a.proposal_id from ${allocationAssignments} a where a.term_id = ${of.termId} and a.topic_id is not null)`;
  await db.execute(sql`
    insert into ${proposalVersions} (proposal_id, number, title, abstract, author_id, created_at, note)
    select p.id, 1, p.title, p.abstract, p.created_by, ${at(now)}, 'From the allocated topic'
      from ${proposals} p
     where ${which} and not exists (select 1 from ${proposalVersions} v where v.proposal_id = p.id)`);
}

/** Each placed group's timeline row: placed through the allocation, with its choice. */
export async function recordPlacements(
  db: Db,
  termId: string,
  by: { actorId: string | null; at: Date },
  from: ProposalStatus,
  to: ProposalStatus,
) {
  await db.execute(sql`
    insert into ${activity} (at, actor_id, kind, action, proposal_id, subject_id, subject_name, from_status, to_status, note)
    select ${at(by.at)}, ${by.actorId}::uuid, 'proposal', 'publish', a.proposal_id, t.id, t.title,
           ${from}, ${to}, case when a.rank is null then 'Placed by hand in the draft' else 'Choice ' || a.rank end
      from ${allocationAssignments} a join ${topics} t on t.id = a.topic_id
     where a.term_id = ${termId}`);
}

export async function markPublished(db: Db, termId: string, now: Date) {
  await db.execute(sql`update ${terms} set allocation_published_at = ${at(now)} where id = ${termId}`);
}

/** The draft's groups by topic (null: unmatched), with the topic's title, its supervisor and the accepted members. */
export function membersByTopic(db: Db, termId: string) {
  return selectRows<{
    topic_id: string | null;
    title: string | null;
    supervisor: string | null;
    members: string[];
  }>(
    db,
    sql`select a.topic_id, t.title, s.name as supervisor, json_agg(m.user_id) as members
          from ${allocationAssignments} a
          join ${proposalMembers} m on m.proposal_id = a.proposal_id and m.state = 'accepted'
          left join ${topics} t on t.id = a.topic_id
          left join ${users} s on s.id = t.supervisor_id
         where a.term_id = ${termId}
         group by a.topic_id, t.title, s.name`,
  );
}

/** The active proposals placed on a topic: its places used. */
export async function topicPlacesUsed(db: Db, topicId: string) {
  const row = await selectRow<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${proposals} p where p.topic_id = ${topicId} and ${isActive()}`,
  );
  return row?.n ?? 0;
}
