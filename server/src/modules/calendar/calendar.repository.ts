import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import {
  calendarSettings,
  defensePeople,
  defenses,
  proposalMembers,
  proposals,
  rooms,
  terms,
  theses,
  users,
} from "../../db/schema";

/** Sets some of the person's calendar settings, making their settings row when needed. */
async function upsertSettings(
  db: Db,
  userId: string,
  set: Pick<Partial<typeof calendarSettings.$inferInsert>, "feedTokenHash" | "showNameOnPublicDefenses">,
) {
  await db
    .insert(calendarSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: calendarSettings.userId, set: { ...set, updatedAt: sql`now()` } });
}

/** Sets the person's feed token hash (null revokes it), making their settings row when needed. */
export const setFeedTokenHash = (db: Db, userId: string, hash: string | null) =>
  upsertSettings(db, userId, { feedTokenHash: hash });

/** Revokes the person's feed (deactivation, a password reset): their link answers 404 from now on. */
export async function revokeFeedToken(db: Db, userId: string) {
  await db
    .update(calendarSettings)
    .set({ feedTokenHash: null, updatedAt: sql`now()` })
    .where(eq(calendarSettings.userId, userId));
}

export const setListingConsent = (db: Db, userId: string, show: boolean) =>
  upsertSettings(db, userId, { showNameOnPublicDefenses: show });

export async function selectCalendarSettings(db: Db, userId: string) {
  const [row] = await db
    .select({ hash: calendarSettings.feedTokenHash, show: calendarSettings.showNameOnPublicDefenses })
    .from(calendarSettings)
    .where(eq(calendarSettings.userId, userId));
  return { hasFeed: !!row?.hash, showNameOnPublicDefenses: row?.show ?? false };
}

/** The active account whose feed token has this hash. */
export async function selectFeedOwner(db: Db, hash: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(calendarSettings)
    .innerJoin(users, eq(users.id, calendarSettings.userId))
    .where(sql`${calendarSettings.feedTokenHash} = ${hash} and ${users.deactivatedAt} is null`);
  return row?.id;
}

export interface FeedDefense {
  id: string;
  starts_at: string;
  ends_at: string;
  room_name: string | null;
  online_url: string | null;
  sequence: number;
  title: string;
}

const DEFENSE_COLUMNS = sql`d.id, d.starts_at, d.ends_at, r.name as room_name, d.online_url, d.sequence, p.title`;
const DEFENSE_FROM = sql`${defenses} d join ${theses} th on th.id = d.thesis_id
  join ${proposals} p on p.id = th.proposal_id left join ${rooms} r on r.id = d.room_id`;

/** The active defenses the person is booked into or supervises. */
export const selectPersonDefenses = (db: Db, userId: string) =>
  selectRows<FeedDefense>(
    db,
    sql`select ${DEFENSE_COLUMNS} from ${DEFENSE_FROM}
         where d.cancelled_at is null
           and (p.supervisor_id = ${userId}
                or exists (select 1 from ${defensePeople} dp where dp.defense_id = d.id and dp.user_id = ${userId}))
         order by d.starts_at, d.id`,
  );

export interface FeedDeadline {
  uid: string;
  at: string;
  what: string;
  title: string;
}

/**
 * The deadlines that concern the person (DESIGN.md §18): a thesis being written is due (its
 * members and supervisor); an assessment not in yet is due `markingDays` after the submission (its
 * examiner); the submission window and the revision deadline of a term they have a proposal in.
 */
export const selectPersonDeadlines = (db: Db, userId: string) =>
  selectRows<FeedDeadline>(
    db,
    sql`select 'thesis-due-' || th.id as uid, th.due_at as at, 'Thesis due' as what, p.title
          from ${theses} th join ${proposals} p on p.id = th.proposal_id
         where th.state = 'Writing'
           and (p.supervisor_id = ${userId}
                or exists (select 1 from ${proposalMembers} m
                            where m.proposal_id = p.id and m.user_id = ${userId} and m.state = 'accepted'))
        union all
        select 'assessment-due-' || th.id || '-' || e.place, th.submitted_at + make_interval(days => tm.marking_days),
               'Assessment due', p.title
          from ${theses} th join ${proposals} p on p.id = th.proposal_id join ${terms} tm on tm.id = p.term_id
          cross join lateral (values ('first', th.first_examiner_id, th.first_assessed_at),
                                     ('second', th.second_examiner_id, th.second_assessed_at)) e(place, examiner, assessed)
         where th.submitted_at is not null and th.state = 'Submitted' and e.examiner = ${userId} and e.assessed is null
        union all
        select 'term-' || tm.id || '-' || k.kind, k.at, k.what, tm.name
          from ${terms} tm
          cross join lateral (values ('submissions', tm.submissions_close_at, 'Proposal submissions close'),
                                     ('revisions', tm.revisions_close_at, 'Proposal revisions close')) k(kind, at, what)
         where k.at is not null
           and exists (select 1 from ${proposalMembers} m
                        where m.term_id = tm.id and m.user_id = ${userId} and m.state = 'accepted' and m.active)
        order by at, uid`,
  );

/**
 * The one condition that keeps a defense's thesis off the public listing (DESIGN.md §18, §19):
 * over a query naming the thesis `th`. Never a thesis proposed Private (or released or later set
 * Private: its own visibility stands over the proposal), nor one under embargo at `now`.
 */
export const publiclyListable = (now: Date): SQL =>
  sql`(coalesce(th.visibility, th.proposed_visibility, 'Internal') <> 'Private'
       and (th.embargo_until is null or th.embargo_until <= ${now.toISOString()}::timestamptz))`;

export interface PublicDefense extends FeedDefense {
  names: string[];
}

/** Public, active defenses, each with the names of its members who agreed to be listed. */
export const selectPublicDefenses = (db: Db, now: Date) =>
  selectRows<PublicDefense>(
    db,
    sql`select ${DEFENSE_COLUMNS},
               coalesce((select json_agg(u.name order by m.position)
                           from ${proposalMembers} m join ${users} u on u.id = m.user_id
                           join ${calendarSettings} cs on cs.user_id = u.id
                          where m.proposal_id = p.id and m.state = 'accepted' and cs.show_name_on_public_defenses), '[]') as names
          from ${DEFENSE_FROM}
         where d.public and d.cancelled_at is null and ${publiclyListable(now)}
         order by d.starts_at, d.id`,
  );
