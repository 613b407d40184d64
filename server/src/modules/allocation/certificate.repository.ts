import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows } from "../../db/query";
import {
  allocationAssignments,
  allocationCertificates,
  allocationDrafts,
  proposalMembers,
  proposals,
  terms,
  topics,
  users,
} from "../../db/schema";
import type { Assignment } from "./allocation.repository";

export type CertificateRow = typeof allocationCertificates.$inferSelect;

/** Stores the term's certificate at its publication (DESIGN.md §20); a term has one, never changed. */
export async function insertCertificate(db: Db, row: typeof allocationCertificates.$inferInsert) {
  await db.insert(allocationCertificates).values(row);
}

/** A group moved by hand in the term's draft, the move kept in order: what the certificate replays. */
export async function moveInDraft(db: Db, termId: string, a: Assignment) {
  await db.execute(sql`
    update ${allocationAssignments} set topic_id = ${a.topicId}, rank = ${a.rank}
     where term_id = ${termId} and proposal_id = ${a.proposalId}`);
  const move = JSON.stringify([{ proposalId: a.proposalId, topicId: a.topicId }]);
  await db.execute(
    sql`update ${allocationDrafts} set moved = true, moves = moves || ${move}::jsonb where term_id = ${termId}`,
  );
}

/** The moves by hand made to the term's draft since its run, in order. */
export async function selectDraftMoves(db: Db, termId: string) {
  const row = await selectRow<{ moves: CertificateRow["moves"] }>(
    db,
    sql`select moves from ${allocationDrafts} where term_id = ${termId}`,
  );
  return row?.moves ?? [];
}

/** The term's certificate, with the term's name and who published it. */
export function selectCertificate(db: Db, termId: string) {
  return selectRow<{
    term_name: string;
    seed: string;
    inputs: string;
    inputs_digest: string;
    moves: CertificateRow["moves"];
    result: CertificateRow["result"];
    by_rank: number[];
    unmatched: number;
    blocking_pairs: CertificateRow["blockingPairs"];
    published_at: string;
    published_by: string | null;
  }>(
    db,
    sql`select t.name as term_name, c.seed, c.inputs, c.inputs_digest, c.moves, c.result, c.by_rank,
               c.unmatched, c.blocking_pairs, c.published_at, u.name as published_by
          from ${allocationCertificates} c
          join ${terms} t on t.id = c.term_id
          left join ${users} u on u.id = c.published_by
         where c.term_id = ${termId}`,
  );
}

/** A term by its name, in any case (the CLI names terms as people do). */
export function selectTermIdByName(db: Db, name: string) {
  return selectRow<{ id: string; name: string }>(
    db,
    sql`select id, name from ${terms} where lower(name) = lower(${name}) order by created_at limit 1`,
  );
}

/**
 * How the user is one of the term's allocation's people (DESIGN.md §20): the group of theirs the
 * certificate names (a student accepted in it), and whether they offer a topic in the term.
 */
export async function selectCertificateParty(db: Db, termId: string, userId: string, groupIds: string[]) {
  const row = await selectRow<{ group_id: string | null; offers: boolean }>(
    db,
    sql`select (select m.proposal_id from ${proposalMembers} m
                 where m.user_id = ${userId} and m.state = 'accepted'
                   and m.proposal_id in (select json_array_elements_text(${JSON.stringify(groupIds)}::json)::uuid)
                 limit 1) as group_id,
               exists (select 1 from ${topics} t
                        where t.term_id = ${termId} and t.supervisor_id = ${userId}) as offers`,
  );
  return { groupId: row?.group_id ?? null, offers: row?.offers ?? false };
}

/** The topic each of these proposals is on now. */
export function selectProposalTopics(db: Db, ids: string[]) {
  return selectRows<{ id: string; topic_id: string | null }>(
    db,
    sql`select id, topic_id from ${proposals}
         where id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid) order by id`,
  );
}

/** The words shown beside a receipt: each topic's title and its supervisor's name. */
export function selectTopicWords(db: Db, ids: string[]) {
  return selectRows<{ id: string; title: string; supervisor: string }>(
    db,
    sql`select t.id, t.title, u.name as supervisor from ${topics} t join ${users} u on u.id = t.supervisor_id
         where t.id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`,
  );
}

/** Whether the user is an accepted member of the group. */
export async function isMemberOf(db: Db, proposalId: string, userId: string) {
  const row = await selectRow<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from ${proposalMembers} m where m.proposal_id = ${proposalId}
                          and m.user_id = ${userId} and m.state = 'accepted') as yes`,
  );
  return row?.yes ?? false;
}
