import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows } from "../../db/query";
import {
  allocationAssignments,
  allocationDrafts,
  proposalMembers,
  proposalPreferences,
  proposals,
  researchCells,
  supervisorRankings,
  termCapacities,
  terms,
  topics,
  users,
} from "../../db/schema";
import { isActive } from "../proposals/proposal-sql";
import { capacityOf, usedBy } from "../terms/terms.repository";
import { offered } from "./topics.repository";

// ── preferences and rankings ────────────────────────────────────────────────

/** The term's topics among these ids, with whether each was withdrawn and whether its supervisor is deactivated. */
export function topicsOfTerm(db: Db, termId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return selectRows<{
    id: string;
    title: string;
    withdrawn: boolean;
    supervisor_name: string;
    supervisor_deactivated: boolean;
  }>(
    db,
    sql`select t.id, t.title, t.withdrawn_at is not null as withdrawn,
               s.name as supervisor_name, s.deactivated_at is not null as supervisor_deactivated
          from ${topics} t join ${users} s on s.id = t.supervisor_id
         where t.term_id = ${termId} and t.id in (${sql.join(
           ids.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`,
  );
}

/** A group's list, replaced whole: rank 1 first. */
export async function replacePreferences(db: Db, proposalId: string, topicIds: string[]) {
  await db.execute(sql`delete from ${proposalPreferences} where proposal_id = ${proposalId}`);
  if (topicIds.length)
    await db
      .insert(proposalPreferences)
      .values(topicIds.map((topicId, i) => ({ proposalId, topicId, rank: i + 1 })));
}

/** A group's list, best first, with each topic's title, supervisor and cell. */
export function selectPreferences(db: Db, proposalId: string) {
  return selectRows<{
    topic_id: string;
    title: string;
    supervisor_id: string;
    supervisor_name: string;
    cell_id: string;
    cell_title: string;
  }>(
    db,
    sql`select t.id as topic_id, t.title, t.supervisor_id, s.name as supervisor_name, c.id as cell_id, c.title as cell_title
          from ${proposalPreferences} pp join ${topics} t on t.id = pp.topic_id
          join ${users} s on s.id = t.supervisor_id join ${researchCells} c on c.id = t.research_cell_id
         where pp.proposal_id = ${proposalId} order by pp.rank`,
  );
}

/** Whether the group listed any of the supervisor's topics still offered. */
const appliedTo = (supervisorId: string) => sql`exists (
  select 1 from ${proposalPreferences} pp join ${topics} t on t.id = pp.topic_id
   where pp.proposal_id = p.id and t.supervisor_id = ${supervisorId} and t.withdrawn_at is null)`;

/**
 * The groups of the term Awaiting allocation that listed any of the supervisor's topics, with
 * their members and lists and the supervisor's rank for each: ranked first, the rest by age.
 */
export function selectApplicants(db: Db, termId: string, supervisorId: string) {
  return selectRows<{
    proposal_id: string;
    title: string;
    abstract: string;
    members: { id: string; name: string; studentId: string | null }[];
    preferences: { topicId: string; title: string; mine: boolean }[];
    rank: number | null;
  }>(
    db,
    sql`select p.id as proposal_id, p.title, p.abstract,
               (select json_agg(json_build_object('id', u.id, 'name', u.name, 'studentId', u.student_id) order by m.position)
                  from ${proposalMembers} m join ${users} u on u.id = m.user_id
                 where m.proposal_id = p.id and m.state = 'accepted') as members,
               (select json_agg(json_build_object('topicId', t.id, 'title', t.title, 'mine', t.supervisor_id = ${supervisorId}) order by pp.rank)
                  from ${proposalPreferences} pp join ${topics} t on t.id = pp.topic_id
                 where pp.proposal_id = p.id) as preferences,
               r.rank
          from ${proposals} p
          left join ${supervisorRankings} r on r.proposal_id = p.id and r.supervisor_id = ${supervisorId}
         where p.term_id = ${termId} and p.status = 'Awaiting allocation' and ${appliedTo(supervisorId)}
         order by r.rank nulls last, p.created_at, p.id`,
  );
}

/** Which of these groups are the supervisor's applicants in the term. */
export async function applicantIds(db: Db, termId: string, supervisorId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select p.id from ${proposals} p
         where p.term_id = ${termId} and p.status = 'Awaiting allocation' and ${appliedTo(supervisorId)}
           and p.id in (${sql.join(
             ids.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The supervisor's ranking of the term's groups, replaced whole. */
export async function replaceRanking(db: Db, termId: string, supervisorId: string, proposalIds: string[]) {
  await db.execute(sql`
    delete from ${supervisorRankings} r using ${proposals} p
     where r.supervisor_id = ${supervisorId} and p.id = r.proposal_id and p.term_id = ${termId}`);
  if (proposalIds.length)
    await db
      .insert(supervisorRankings)
      .values(proposalIds.map((proposalId, i) => ({ supervisorId, proposalId, rank: i + 1 })));
}

// ── what a run reads ────────────────────────────────────────────────────────

/**
 * Every group of the term Awaiting allocation, by id, with its list (topics still offered, best
 * first) and its accepted members (by id).
 */
export function selectGroups(db: Db, termId: string) {
  return selectRows<{
    id: string;
    title: string;
    creator: string;
    preferences: string[];
    members: string[];
  }>(
    db,
    // One pass over each table, joined by hash (not a subquery per group: 10,000 groups). The
    // accepted members of a group Awaiting allocation hold their places (active), so they are read
    // by the term's index of active places.
    sql`select p.id, p.title, coalesce(u.name, '') as creator,
               coalesce(l.preferences, '[]') as preferences, coalesce(m.members, '[]') as members
          from ${proposals} p
          left join ${users} u on u.id = p.created_by
          left join (select pp.proposal_id, json_agg(pp.topic_id order by pp.rank) as preferences
                       from ${topics} t join ${proposalPreferences} pp on pp.topic_id = t.id
                      where t.term_id = ${termId} and ${offered()}
                      group by pp.proposal_id) l on l.proposal_id = p.id
          left join (select pm.proposal_id, json_agg(pm.user_id order by pm.user_id) as members
                       from ${proposalMembers} pm
                      where pm.term_id = ${termId} and pm.active and pm.state = 'accepted'
                      group by pm.proposal_id) m on m.proposal_id = p.id
         where p.term_id = ${termId} and p.status = 'Awaiting allocation'
         order by p.id`,
  );
}

/** The term's topics still offered, by id, with their places left (capacity less the groups placed on them). */
export function selectOfferedTopics(db: Db, termId: string) {
  return selectRows<{ id: string; title: string; supervisor_id: string; capacity: number; left: number }>(
    db,
    sql`select t.id, t.title, t.supervisor_id, t.capacity,
               t.capacity - (select count(*)::int from ${proposals} p where p.topic_id = t.id and ${isActive()}) as left
          from ${topics} t
         where t.term_id = ${termId} and ${offered()}
         order by t.id`,
  );
}

/**
 * Each supervisor who offers topics in the term (so none deactivated): their name, their places
 * there (null = no limit) and the groups they already hold in it.
 */
export function selectSupervisorsOfTerm(db: Db, termId: string) {
  return selectRows<{ id: string; name: string; capacity: number | null; used: number }>(
    db,
    sql`select u.id, u.name, ${capacityOf(sql`u.id`)} as capacity, ${usedBy(sql`u.id`)} as used
          from ${terms} t
          join (select distinct t.supervisor_id from ${topics} t where t.term_id = ${termId} and ${offered()}) o on true
          join ${users} u on u.id = o.supervisor_id
         where t.id = ${termId}
         order by u.name, u.id`,
  );
}

/** Every supervisor's ranking of the term's groups, best first. */
export function selectRankings(db: Db, termId: string) {
  return selectRows<{ supervisor_id: string; proposal_id: string }>(
    db,
    sql`select r.supervisor_id, r.proposal_id from ${supervisorRankings} r
          join ${proposals} p on p.id = r.proposal_id
         where p.term_id = ${termId} and p.status = 'Awaiting allocation'
         order by r.supervisor_id, r.rank`,
  );
}

// ── the draft ───────────────────────────────────────────────────────────────

export interface Assignment {
  proposalId: string;
  topicId: string | null;
  rank: number | null;
}

/** Stores a new draft of the term in place of the last one, with the digest of the inputs it was made from. */
export async function saveDraft(
  db: Db,
  d: { termId: string; inputsDigest: string; seed: string; at: Date; by: string },
  rows: Assignment[],
) {
  await db.execute(sql`delete from ${allocationDrafts} where term_id = ${d.termId}`);
  await db.insert(allocationDrafts).values({
    termId: d.termId,
    inputsDigest: d.inputsDigest,
    seed: d.seed,
    madeAt: d.at,
    madeBy: d.by,
    moved: false,
  });
  // Every row in one statement, from one JSON parameter (10,000 groups: no parameter limit, one round trip).
  const json = JSON.stringify(rows.map((r) => ({ p: r.proposalId, t: r.topicId, r: r.rank })));
  await db.execute(sql`
    insert into ${allocationAssignments} (term_id, proposal_id, topic_id, rank)
    select ${d.termId}, x.p, x.t, x.r from json_to_recordset(${json}::json) as x(p uuid, t uuid, r smallint)`);
}

export function selectDraft(db: Db, termId: string, lock = false) {
  return selectRow<{
    inputs_digest: string | null;
    seed: string;
    made_at: string;
    made_by_id: string | null;
    made_by_name: string | null;
    moved: boolean;
  }>(
    db,
    sql`select d.inputs_digest, d.seed, d.made_at, u.id as made_by_id, u.name as made_by_name, d.moved
          from ${allocationDrafts} d left join ${users} u on u.id = d.made_by
         where d.term_id = ${termId} ${lock ? sql`for update of d` : sql``}`,
  );
}

/**
 * Holds, until the publication commits, every row an input of the term's allocation is read from
 * that a change could update or delete (the term's own row is held FOR UPDATE already, which
 * every insert into the term's proposals, topics or places waits for, by its foreign key): its
 * groups (in id order, as lockProposals takes them), which every transition, a member's leaving
 * and a new preference or ranking wait for; its supervisors' own places; and the accounts of the
 * supervisors with topics in it, which a deactivation or a reactivation waits for.
 */
export async function lockInputs(db: Db, termId: string) {
  await db.execute(sql`
    select 1 from ${proposals} where term_id = ${termId} and status = 'Awaiting allocation'
     order by id for no key update`);
  await db.execute(sql`select 1 from ${termCapacities} where term_id = ${termId} for share`);
  await db.execute(sql`
    select 1 from ${users} where id in (select supervisor_id from ${topics} where term_id = ${termId} and withdrawn_at is null)
     order by id for key share`);
}

export function selectAssignments(db: Db, termId: string) {
  return selectRows<{ proposal_id: string; topic_id: string | null; rank: number | null }>(
    db,
    sql`select proposal_id, topic_id, rank from ${allocationAssignments} where term_id = ${termId} order by proposal_id`,
  );
}

/** The draft's rows with each group's title and creator, as the committee's screen shows them. */
export function selectNamedAssignments(db: Db, termId: string) {
  return selectRows<{
    proposal_id: string;
    topic_id: string | null;
    rank: number | null;
    title: string;
    creator: string;
  }>(
    db,
    sql`select a.proposal_id, a.topic_id, a.rank, p.title, coalesce(u.name, '') as creator
          from ${allocationAssignments} a
          join ${proposals} p on p.id = a.proposal_id
          left join ${users} u on u.id = p.created_by
         where a.term_id = ${termId} order by a.proposal_id`,
  );
}
