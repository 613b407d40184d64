import type { ProposalPart } from "@shared/proposal-access";
import { partiesOf } from "@shared/proposal-life";
import type { MyData } from "@shared/schemas/accounts";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { proposals, proposalVersions } from "../../db/schema";
import type { SessionUser } from "../../plugins/auth";
import { pictureUrl } from "../accounts/user-dto";
import { ownProposals } from "../proposals/proposals.service";
import { partyTo, visibleTo } from "../proposals/visibility";

/**
 * "Download my data" (DESIGN.md §12): everything ThesisDesk holds about the caller, one section a
 * statement. Secrets stay out (password hashes, session and OAuth tokens). It holds only what the
 * caller may see today (§21), by the screens' own rule (proposals/visibility.ts), and of what they
 * no longer see only their own past (decision 0039). A new kind of record is one more entry in
 * SECTIONS and in the answer's schema.
 */

type Row = Record<string, unknown>;
type Section = (db: Db, user: SessionUser) => Promise<Row[]>;

const iso = (v: unknown) => (v == null ? null : new Date(String(v)).toISOString());

/** The account, with how it signs in and where it is signed in (no secrets). */
async function account(db: Db, user: SessionUser): Promise<Row> {
  const [row] = await selectRows<Row>(
    db,
    sql`select u.id, u.name, u.email, u.email_verified, u.role, u.student_id, u.picture_id,
               u.email_notifications, u.created_at, u.updated_at,
               (select coalesce(json_agg(json_build_object('provider', a.provider_id, 'since', a.created_at)
                                         order by a.created_at), '[]')
                  from accounts a where a.user_id = u.id) as sign_in_methods,
               (select coalesce(json_agg(json_build_object('signedInAt', s.created_at, 'expiresAt', s.expires_at,
                                                           'ipAddress', s.ip_address, 'userAgent', s.user_agent)
                                         order by s.created_at), '[]')
                  from sessions s where s.user_id = u.id) as sessions,
               (select coalesce(json_agg(c.title order by c.title), '[]')
                  from supervisor_cells sc join research_cells c on c.id = sc.research_cell_id
                 where sc.supervisor_id = u.id) as research_cells
          from users u where u.id = ${user.id}::uuid`,
  );
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.email_verified,
    role: row.role,
    studentId: row.student_id,
    pictureUrl: pictureUrl(row.picture_id as string | null),
    emailNotifications: row.email_notifications,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    signInMethods: row.sign_in_methods,
    sessions: row.sessions,
    researchCells: row.research_cells,
  };
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
const theirs = (user: SessionUser, part: ProposalPart) =>
  sql`(select p.id from ${proposals} p where ${visibleTo(user, part)} and ${partyTo(user)})`;

/**
 * The proposals the caller is in, is invited to, or supervises, that they may see today: each as
 * GET /api/proposals/:id answers it (the same read), with how they relate to it.
 */
const proposalsSection: Section = async (db, user) =>
  (await ownProposals(db, user)).map((p) => ({ ...p, yourRole: partiesOf(user, p)[0] ?? null }));

const noticesReceived: Section = async (db, user) => {
  const rows = await selectRows<Row>(
    db,
    sql`select n.id, n.title, n.description, n.created_at, r.read_at, s.name as sender, n.proposal_id,
               ${titleThen(sql`n.proposal_id`, sql`n.created_at`)} as proposal
          from notice_recipients r join notices n on n.id = r.notice_id
          join users s on s.id = n.supervisor_id
         where r.user_id = ${user.id}::uuid order by n.created_at, n.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    proposalId: r.proposal_id,
    proposal: r.proposal,
    from: r.sender,
    title: r.title,
    description: r.description,
    sentAt: iso(r.created_at),
    readAt: iso(r.read_at),
  }));
};

const noticesSent: Section = async (db, user) => {
  const rows = await selectRows<Row>(
    db,
    sql`select n.id, n.title, n.description, n.created_at, n.proposal_id,
               ${titleThen(sql`n.proposal_id`, sql`n.created_at`)} as proposal
          from notices n
         where n.supervisor_id = ${user.id}::uuid order by n.created_at, n.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    proposalId: r.proposal_id,
    proposal: r.proposal,
    title: r.title,
    description: r.description,
    sentAt: iso(r.created_at),
  }));
};

/** The chat messages the caller wrote (messages_author_created_idx): their own words, kept. */
const messages: Section = async (db, user) => {
  const rows = await selectRows<Row>(
    db,
    sql`select m.id, m.body, m.created_at, m.proposal_id, ${titleThen(sql`m.proposal_id`, sql`m.created_at`)} as proposal
          from messages m
         where m.author_id = ${user.id}::uuid order by m.created_at, m.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    proposalId: r.proposal_id,
    proposal: r.proposal,
    body: r.body,
    sentAt: iso(r.created_at),
  }));
};

/** Every version of the caller's proposals whose versions they may read (an invitee's: none). */
const versions: Section = async (db, user) => {
  const rows = await selectRows<Row>(
    db,
    sql`select v.proposal_id, v.number, v.title, v.abstract, v.note, v.created_at,
               a.name as author, f.name as document
          from ${proposalVersions} v join ${proposals} p on p.id = v.proposal_id
          left join users a on a.id = v.author_id left join files f on f.id = v.document_id
         where v.proposal_id in ${theirs(user, "versions")}
         order by p.created_at, p.id, v.number`,
  );
  return rows.map((r) => ({
    proposalId: r.proposal_id,
    number: r.number,
    title: r.title,
    abstract: r.abstract,
    note: r.note,
    author: r.author,
    document: r.document,
    createdAt: iso(r.created_at),
  }));
};

/**
 * The timeline of the caller's proposals whose timeline they may read, and the rows of their own
 * past anywhere: what they did, and what was done concerning them (invited, declined, left).
 */
const timeline: Section = async (db, user) => {
  const rows = await selectRows<Row>(
    db,
    sql`select a.at, a.kind, a.action, a.from_status, a.to_status, a.note, a.subject_name, a.proposal_id,
               u.name as actor, ${titleThen(sql`a.proposal_id`, sql`a.at`)} as proposal
          from activity a left join users u on u.id = a.actor_id
         where a.proposal_id in ${theirs(user, "timeline")} or a.actor_id = ${user.id}::uuid or a.subject_id = ${user.id}::uuid
         order by a.at, a.id`,
  );
  return rows.map((r) => ({
    at: iso(r.at),
    who: r.actor,
    kind: r.kind,
    action: r.action,
    proposalId: r.proposal_id,
    proposal: r.proposal,
    concerning: r.subject_name,
    from: r.from_status,
    to: r.to_status,
    note: r.note,
  }));
};

/** The sections beside the account, in the order the file shows them. */
const SECTIONS = {
  proposals: proposalsSection,
  versions,
  timeline,
  noticesReceived,
  noticesSent,
  messages,
} satisfies Record<string, Section>;

export async function exportMyData(db: Db, user: SessionUser, now: Date): Promise<MyData> {
  const entries = await Promise.all(
    Object.entries(SECTIONS).map(async ([name, read]) => [name, await read(db, user)] as const),
  );
  return {
    exportedAt: now.toISOString(),
    account: await account(db, user),
    ...(Object.fromEntries(entries) as Record<keyof typeof SECTIONS, Row[]>),
  };
}
