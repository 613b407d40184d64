import type { MyData } from "@shared/schemas/accounts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import type { SessionUser } from "../../plugins/auth";
import { pictureUrl } from "../accounts/user-dto";

/**
 * "Download my data" (DESIGN.md §12): everything ThesisDesk holds about the caller, one section a
 * statement. Secrets stay out (password hashes, session and OAuth tokens). A new kind of record
 * is one more entry in SECTIONS and in the answer's schema.
 */

type Row = Record<string, unknown>;
type Section = (db: Db, userId: string) => Promise<Row[]>;

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

/** Proposals the caller is (or was) a member of, and those addressed to them, with their groups. */
const proposals: Section = async (db, userId) => {
  const rows = await selectRows<Row>(
    db,
    sql`with mine as (
          select proposal_id as id from proposal_members where user_id = ${userId}::uuid
          union
          select id from proposals where supervisor_id = ${userId}::uuid
        )
        select p.id, p.title, p.abstract, p.type, p.status, p.created_at, p.feedback, p.reviewed_at,
               c.title as research_cell, s.name as supervisor, t.name as term,
               case when p.supervisor_id = ${userId}::uuid then 'supervisor'
                    when p.created_by = ${userId}::uuid then 'creator' else 'member' end as your_role,
               (select json_agg(json_build_object('name', u.name, 'studentId', u.student_id,
                                                  'position', m.position, 'state', m.state, 'active', m.active) order by m.position)
                  from proposal_members m join users u on u.id = m.user_id where m.proposal_id = p.id) as members
          from mine join proposals p on p.id = mine.id
          left join research_cells c on c.id = p.research_cell_id
          left join users s on s.id = p.supervisor_id
          left join terms t on t.id = p.term_id
         order by p.created_at, p.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    abstract: r.abstract,
    type: r.type,
    status: r.status,
    yourRole: r.your_role,
    term: r.term,
    researchCell: r.research_cell,
    supervisor: r.supervisor,
    members: r.members ?? [],
    createdAt: iso(r.created_at),
    feedback: r.feedback,
    reviewedAt: iso(r.reviewed_at),
  }));
};

const noticesReceived: Section = async (db, userId) => {
  const rows = await selectRows<Row>(
    db,
    sql`select n.id, n.title, n.description, n.created_at, r.read_at, s.name as sender, p.title as proposal
          from notice_recipients r join notices n on n.id = r.notice_id
          join users s on s.id = n.supervisor_id join proposals p on p.id = n.proposal_id
         where r.user_id = ${userId}::uuid order by n.created_at, n.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    proposal: r.proposal,
    from: r.sender,
    title: r.title,
    description: r.description,
    sentAt: iso(r.created_at),
    readAt: iso(r.read_at),
  }));
};

const noticesSent: Section = async (db, userId) => {
  const rows = await selectRows<Row>(
    db,
    sql`select n.id, n.title, n.description, n.created_at, p.title as proposal
          from notices n join proposals p on p.id = n.proposal_id
         where n.supervisor_id = ${userId}::uuid order by n.created_at, n.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    proposal: r.proposal,
    title: r.title,
    description: r.description,
    sentAt: iso(r.created_at),
  }));
};

/** The chat messages the caller wrote (messages_author_created_idx). */
const messages: Section = async (db, userId) => {
  const rows = await selectRows<Row>(
    db,
    sql`select m.id, m.body, m.created_at, p.title as proposal
          from messages m join proposals p on p.id = m.proposal_id
         where m.author_id = ${userId}::uuid order by m.created_at, m.id`,
  );
  return rows.map((r) => ({ id: r.id, proposal: r.proposal, body: r.body, sentAt: iso(r.created_at) }));
};

/** The proposals the caller is (or was) in, or supervises: the same set the proposals section lists. */
const theirProposals = (userId: string) => sql`(
  select proposal_id from proposal_members where user_id = ${userId}::uuid
  union
  select id from proposals where supervisor_id = ${userId}::uuid)`;

/** Every version of those proposals (DESIGN.md §9), with who wrote it and its document's name. */
const versions: Section = async (db, userId) => {
  const rows = await selectRows<Row>(
    db,
    sql`select v.proposal_id, p.title as proposal, v.number, v.title, v.abstract, v.note, v.created_at,
               a.name as author, f.name as document
          from proposal_versions v join proposals p on p.id = v.proposal_id
          left join users a on a.id = v.author_id left join files f on f.id = v.document_id
         where v.proposal_id in ${theirProposals(userId)}
         order by v.proposal_id, v.number`,
  );
  return rows.map((r) => ({
    proposalId: r.proposal_id,
    proposal: r.proposal,
    number: r.number,
    title: r.title,
    abstract: r.abstract,
    note: r.note,
    author: r.author,
    document: r.document,
    createdAt: iso(r.created_at),
  }));
};

/** The timeline rows about them: of their proposals, done by them, or concerning them. */
const timeline: Section = async (db, userId) => {
  const rows = await selectRows<Row>(
    db,
    sql`select a.at, a.kind, a.action, a.from_status, a.to_status, a.note, a.subject_name,
               u.name as actor, p.title as proposal
          from activity a left join users u on u.id = a.actor_id left join proposals p on p.id = a.proposal_id
         where a.proposal_id in ${theirProposals(userId)} or a.actor_id = ${userId}::uuid or a.subject_id = ${userId}::uuid
         order by a.at, a.id`,
  );
  return rows.map((r) => ({
    at: iso(r.at),
    who: r.actor,
    kind: r.kind,
    action: r.action,
    proposal: r.proposal,
    concerning: r.subject_name,
    from: r.from_status,
    to: r.to_status,
    note: r.note,
  }));
};

/** The sections beside the account, in the order the file shows them. */
const SECTIONS = {
  proposals,
  versions,
  timeline,
  noticesReceived,
  noticesSent,
  messages,
} satisfies Record<string, Section>;

export async function exportMyData(db: Db, user: SessionUser, now: Date): Promise<MyData> {
  const entries = await Promise.all(
    Object.entries(SECTIONS).map(async ([name, read]) => [name, await read(db, user.id)] as const),
  );
  return {
    exportedAt: now.toISOString(),
    account: await account(db, user),
    ...(Object.fromEntries(entries) as Record<keyof typeof SECTIONS, Row[]>),
  };
}
