import type { ProposalPart } from "@shared/proposal-access";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { proposals, proposalVersions } from "../../db/schema";
import { studentMayRead } from "../activity/activity.repository";
import { partyTo, type Viewer, visibleTo } from "../proposals/visibility";

/**
 * What "Download my data" reads beside the proposals (which are the projection's): one statement
 * a section, each row named as the file shows it, its times as the database keeps them.
 */

type Row = Record<string, unknown>;

/** The account, with how it signs in and where it is signed in (no secrets). */
export async function selectAccount(db: Db, userId: string): Promise<Row> {
  const [row] = await selectRows<Row>(
    db,
    sql`select u.id, u.name, u.email, u.email_verified as "emailVerified", u.role, u.student_id as "studentId",
               u.picture_id as "pictureId", u.email_notifications as "emailNotifications",
               u.created_at as "createdAt", u.updated_at as "updatedAt",
               (select coalesce(json_agg(json_build_object('provider', a.provider_id, 'since', a.created_at)
                                         order by a.created_at), '[]')
                  from accounts a where a.user_id = u.id) as "signInMethods",
               (select coalesce(json_agg(json_build_object('signedInAt', s.created_at, 'expiresAt', s.expires_at,
                                                           'ipAddress', s.ip_address, 'userAgent', s.user_agent)
                                         order by s.created_at), '[]')
                  from sessions s where s.user_id = u.id) as sessions,
               (select coalesce(json_agg(c.title order by c.title), '[]')
                  from supervisor_cells sc join research_cells c on c.id = sc.research_cell_id
                 where sc.supervisor_id = u.id) as "researchCells"
          from users u where u.id = ${userId}::uuid`,
  );
  return row;
}

/**
 * The title a proposal had when something happened at `at`: its latest version by then (version 1
 * made with the submission counts from the submission, whose rows the app's clock may date a
 * moment before the database's). What the caller was shown then, never a later title.
 */
const titleThen = (proposalId: SQL, at: SQL) => sql`(
  select v.title from ${proposalVersions} v join ${proposals} tp on tp.id = v.proposal_id
   where v.proposal_id = ${proposalId}
     and (v.created_at <= ${at} or (v.number = 1 and v.created_at <= tp.created_at))
   order by v.number desc limit 1)`;

/** The caller's proposals whose `part` they may read today, over `proposals p` (DESIGN.md §9, §21). */
const theirs = (viewer: Viewer, part: ProposalPart) =>
  sql`(select p.id from ${proposals} p where ${visibleTo(viewer, part)} and ${partyTo(viewer)})`;

export const selectNoticesReceived = (db: Db, userId: string) =>
  selectRows<Row>(
    db,
    sql`select n.id, n.proposal_id as "proposalId", ${titleThen(sql`n.proposal_id`, sql`n.created_at`)} as proposal,
               s.name as "from", n.title, n.description, n.created_at as "sentAt", r.read_at as "readAt"
          from notice_recipients r join notices n on n.id = r.notice_id
          join users s on s.id = n.supervisor_id
         where r.user_id = ${userId}::uuid order by n.created_at, n.id`,
  );

export const selectNoticesSent = (db: Db, userId: string) =>
  selectRows<Row>(
    db,
    sql`select n.id, n.proposal_id as "proposalId", ${titleThen(sql`n.proposal_id`, sql`n.created_at`)} as proposal,
               n.title, n.description, n.created_at as "sentAt"
          from notices n
         where n.supervisor_id = ${userId}::uuid order by n.created_at, n.id`,
  );

/** The chat messages the caller wrote (messages_author_created_idx): their own words, kept. */
export const selectMessages = (db: Db, userId: string) =>
  selectRows<Row>(
    db,
    sql`select m.id, m.proposal_id as "proposalId", ${titleThen(sql`m.proposal_id`, sql`m.created_at`)} as proposal,
               m.body, m.created_at as "sentAt"
          from messages m
         where m.author_id = ${userId}::uuid order by m.created_at, m.id`,
  );

/** Every version of the caller's proposals whose versions they may read (an invitee's: none). */
export const selectVersions = (db: Db, viewer: Viewer) =>
  selectRows<Row>(
    db,
    sql`select v.proposal_id as "proposalId", v.number, v.title, v.abstract, v.note,
               a.name as author, f.name as document, v.created_at as "createdAt"
          from ${proposalVersions} v join ${proposals} p on p.id = v.proposal_id
          left join users a on a.id = v.author_id left join files f on f.id = v.document_id
         where v.proposal_id in ${theirs(viewer, "versions")}
         order by p.created_at, p.id, v.number`,
  );

/**
 * The timeline of the caller's proposals whose timeline they may read, and the rows of their own
 * past anywhere: what they did, and what was done concerning them (invited, declined, left); a
 * student's without what `studentMayRead` keeps from them (the blind marking).
 */
export const selectTimeline = (db: Db, viewer: Viewer) =>
  selectRows<Row>(
    db,
    sql`select a.at, u.name as who, a.kind, a.action, a.proposal_id as "proposalId",
               ${titleThen(sql`a.proposal_id`, sql`a.at`)} as proposal, a.subject_name as concerning,
               a.from_status as "from", a.to_status as "to", a.note
          from activity a left join users u on u.id = a.actor_id
         where (a.proposal_id in ${theirs(viewer, "timeline")} or a.actor_id = ${viewer.id}::uuid or a.subject_id = ${viewer.id}::uuid)
           and ${viewer.role === "student" ? studentMayRead : sql`true`}
         order by a.at, a.id`,
  );
