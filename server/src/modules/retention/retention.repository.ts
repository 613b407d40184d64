import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows } from "../../db/query";
import {
  accounts,
  activity,
  calendarSettings,
  chatReads,
  defenses,
  messages,
  notices,
  proposalMembers,
  proposals,
  proposalVersions,
  scheduledJobs,
  sessions,
  theses,
  thesisAssessments,
  thesisDrafts,
  users,
} from "../../db/schema";
import { deleteUnusedFiles } from "../files/files.repository";

/**
 * When each record's retention clock started (DESIGN.md §19): a thesis Released, Cancelled or
 * Annulled, at the activity row that took it there; a proposal Denied or Withdrawn without a
 * thesis, at the row that ended it. Null while the record is still alive. Defined once, for the
 * run, the preview and the accounts' clocks.
 */
const ENDED = sql`(
  select p.id as proposal_id, t.id as thesis_id,
    case
      when t.id is not null and t.state in ('Released', 'Cancelled', 'Annulled') then coalesce(
        (select max(a.at) from ${activity} a where a.proposal_id = p.id and a.to_thesis_state = t.state),
        t.released_at, t.updated_at)
      when t.id is null and p.status in ('Denied', 'Withdrawn') then coalesce(
        (select max(a.at) from ${activity} a where a.proposal_id = p.id and a.to_status = p.status),
        p.reviewed_at, p.created_at)
    end as ended_at
  from ${proposals} p left join ${theses} t on t.proposal_id = p.id
)`;

/** The records whose clock ran out before `cutoff`: `{proposal_id, thesis_id}`. */
const expired = (cutoff: Date) =>
  sql`(select e.proposal_id, e.thesis_id from ${ENDED} e where e.ended_at <= ${cutoff.toISOString()}::timestamptz)`;

/**
 * What a run removes, each as its table and the rows it concerns: one definition for the preview's
 * count and the run's delete or update.
 */
interface Part {
  table: SQL;
  where: (x: SQL) => SQL;
}
const ofExpired = (x: SQL) => sql`(select proposal_id from ${x} x)`;
const thesesOfExpired = (x: SQL) => sql`(select thesis_id from ${x} x where thesis_id is not null)`;
const PARTS = {
  messages: { table: sql`${messages} m`, where: (x) => sql`m.proposal_id in ${ofExpired(x)}` },
  notices: { table: sql`${notices} n`, where: (x) => sql`n.proposal_id in ${ofExpired(x)}` },
  // Every version but the latest one of the proposal.
  versions: {
    table: sql`${proposalVersions} v`,
    where: (x) => sql`v.proposal_id in ${ofExpired(x)}
      and v.number < (select max(w.number) from ${proposalVersions} w where w.proposal_id = v.proposal_id)`,
  },
  // Every draft but the final document and the latest draft.
  drafts: {
    table: sql`${thesisDrafts} d`,
    where: (x) => sql`d.thesis_id in ${thesesOfExpired(x)}
      and d.number < (select max(e.number) from ${thesisDrafts} e where e.thesis_id = d.thesis_id)
      and d.document_id is distinct from (select t.final_document_id from ${theses} t where t.id = d.thesis_id)`,
  },
  assessmentComments: {
    table: sql`${thesisAssessments} a`,
    where: (x) => sql`a.internal_comment <> '' and a.thesis_id in ${thesesOfExpired(x)}`,
  },
  minutes: {
    table: sql`${defenses} f`,
    where: (x) => sql`f.minutes <> '' and f.thesis_id in ${thesesOfExpired(x)}`,
  },
} satisfies Record<string, Part>;

const countOfPart = (p: Part, x: SQL) => sql`(select count(*) from ${p.table} where ${p.where(x)})`;

/**
 * The deactivated accounts not yet anonymised whose every clock ran out before `cutoff`: their
 * deactivation, and the end of every proposal and thesis they took part in (a member, the
 * supervisor, an examiner, a defense's chair). One record still alive keeps the account.
 */
const anonymisable = (cutoff: Date) => sql`(
  select u.id from ${users} u
   where u.deactivated_at <= ${cutoff.toISOString()}::timestamptz and u.anonymised_at is null
     and not exists (
       select 1 from ${ENDED} e
         join ${proposals} p on p.id = e.proposal_id
         left join ${theses} t on t.id = e.thesis_id
        where (e.ended_at is null or e.ended_at > ${cutoff.toISOString()}::timestamptz)
          and (p.supervisor_id = u.id or t.first_examiner_id = u.id or t.second_examiner_id = u.id
               or exists (select 1 from ${proposalMembers} m where m.proposal_id = p.id and m.user_id = u.id)
               or exists (select 1 from ${defenses} d where d.thesis_id = t.id and d.chair_id = u.id)))
)`;

export interface RetentionCounts {
  records: number;
  messages: number;
  notices: number;
  versions: number;
  internalComments: number;
  accounts: number;
}

/** What a run at `cutoff` would remove, in counts (one statement). */
export async function countExpired(db: Db, cutoff: Date): Promise<RetentionCounts> {
  const x = expired(cutoff);
  const row = await selectRow<Record<keyof RetentionCounts, number>>(
    db,
    sql`select
      (select count(*) from ${x} r)::int as records,
      ${countOfPart(PARTS.messages, x)}::int as messages,
      ${countOfPart(PARTS.notices, x)}::int as notices,
      (${countOfPart(PARTS.versions, x)} + ${countOfPart(PARTS.drafts, x)})::int as versions,
      (${countOfPart(PARTS.assessmentComments, x)} + ${countOfPart(PARTS.minutes, x)})::int as "internalComments",
      (select count(*) from ${anonymisable(cutoff)} z)::int as accounts`,
  );
  return row!;
}

const countOf = async (db: Db, statement: SQL) => (await selectRows(db, statement)).length;
const deleteOf = (p: Part, x: SQL, returning: SQL) =>
  sql`delete from ${p.table} where ${p.where(x)} returning ${returning}`;

/**
 * Removes what the clock allows (inside the caller's transaction): chat, notices, superseded
 * versions and drafts with the files only they held, internal comments and minutes; then
 * anonymises the accounts whose last clock ran out. Returns what it removed.
 */
export async function purgeExpired(db: Db, cutoff: Date, now: Date): Promise<RetentionCounts> {
  // Which records ran out is worked out once (it reads every ended record's activity); each part
  // below then reads those ids.
  const ran = await selectRows<{ proposal_id: string; thesis_id: string | null }>(
    db,
    sql`select proposal_id, thesis_id from ${expired(cutoff)} r`,
  );
  const records = ran.length;
  const array = (ids: (string | null)[]) => `{${ids.map((id) => id ?? "NULL").join(",")}}`;
  const x = sql`(select * from unnest(${array(ran.map((r) => r.proposal_id))}::uuid[],
                                      ${array(ran.map((r) => r.thesis_id))}::uuid[]) as x(proposal_id, thesis_id))`;
  const chat = await countOf(db, deleteOf(PARTS.messages, x, sql`m.id`));
  await db.execute(sql`delete from ${chatReads} where proposal_id in (select proposal_id from ${x} x)`);
  const told = await countOf(db, deleteOf(PARTS.notices, x, sql`n.id`));
  const gone = [
    ...(await selectRows<{ document_id: string | null }>(
      db,
      deleteOf(PARTS.versions, x, sql`v.document_id`),
    )),
    ...(await selectRows<{ document_id: string | null }>(db, deleteOf(PARTS.drafts, x, sql`d.document_id`))),
  ];
  const fileIds = gone.map((g) => g.document_id).filter((id): id is string => !!id);
  if (fileIds.length) await deleteUnusedFiles(db, now, fileIds);
  const comments =
    (await countOf(
      db,
      sql`update ${PARTS.assessmentComments.table} set internal_comment = ''
          where ${PARTS.assessmentComments.where(x)} returning a.thesis_id`,
    )) +
    (await countOf(
      db,
      sql`update ${PARTS.minutes.table} set minutes = '' where ${PARTS.minutes.where(x)} returning f.id`,
    ));
  const accountIds = (
    await selectRows<{ id: string }>(db, sql`select id from ${anonymisable(cutoff)} z`)
  ).map((r) => r.id);
  for (const id of accountIds) await anonymise(db, id, now);
  return {
    records,
    messages: chat,
    notices: told,
    versions: gone.length,
    internalComments: comments,
    accounts: accountIds.length,
  };
}

/** The job's next run, and the last run's time and note (its activity row). */
export const selectRetentionRuns = (db: Db, job: string) =>
  selectRow<{ next_run_at: string | null; last_at: string | null; last_note: string | null }>(
    db,
    sql`select (select next_run_at from ${scheduledJobs} where name = ${job}) as next_run_at,
               l.at as last_at, l.note as last_note
          from (select 1) one
          left join lateral (select at, note from ${activity} where kind = 'retention'
                              order by at desc, id desc limit 1) l on true`,
  );

/** The words an anonymised account shows wherever its name appeared. */
export const FORMER_MEMBER = "Former member";

/**
 * Anonymises one account: its name, address, student ID and picture are replaced or removed, its
 * sign-in methods, sessions and calendar feed deleted, and the names that activity rows kept of it
 * replaced. The row stays for the records that refer to it.
 */
async function anonymise(db: Db, id: string, now: Date) {
  const before = await selectRow<{ picture_id: string | null }>(
    db,
    sql`select picture_id from ${users} where id = ${id}`,
  );
  await db.execute(sql`update ${users} set name = ${FORMER_MEMBER}, email = ${`former-${id}@anonymised.invalid`},
      email_verified = false, image = null, student_id = null, picture_id = null, picture_key = null,
      email_notifications = false, anonymised_at = ${now.toISOString()}::timestamptz
    where id = ${id}`);
  await db.execute(sql`delete from ${sessions} where user_id = ${id}`);
  await db.execute(sql`delete from ${accounts} where user_id = ${id}`);
  await db.execute(sql`delete from ${calendarSettings} where user_id = ${id}`);
  await db.execute(sql`update ${activity} set subject_name = ${FORMER_MEMBER} where subject_id = ${id}`);
  if (before?.picture_id) await deleteUnusedFiles(db, now, [before.picture_id]);
}
