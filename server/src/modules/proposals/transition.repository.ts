import type { MembershipState, ProposalStatus, ThesisState } from "@shared/enums";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow, selectRows } from "../../db/query";
import { proposalMembers, proposals, theses, users } from "../../db/schema";
import {
  type ProposalRow,
  SUPERVISOR_COLUMNS,
  SUPERVISOR_JOIN,
  TERM_COLUMNS,
  TERM_JOIN,
} from "./proposal-sql";

/**
 * What a transition reads of a proposal and its term, and how the one acting belongs to it: the
 * projection's own columns (proposal-sql.ts), fewer of them, and what only a transition needs.
 */
export type LifeFacts = Pick<
  ProposalRow,
  | "id"
  | "title"
  | "type"
  | "status"
  | "created_by"
  | "supervisor_id"
  | "supervisor_name"
  | "term_id"
  | "term_name"
  | "term_mode"
  | "term_committee_approval"
  | "term_revisions_close_at"
> & {
  creator_name: string;
  research_cell_id: string | null;
  /** It has been Pending at least once: its supervisor sees it. */
  reached: boolean;
  term_submissions_close_at: string | null;
  /** The viewer's membership, if any. */
  my_state: MembershipState | null;
  /** Invitations still open. */
  open_invitations: number;
  /** Its thesis (DESIGN.md §16), once an approval started one: what reopen and reassign read. */
  thesis_state: ThesisState | null;
  thesis_first_assessed_at: string | null;
  thesis_first_examiner_id: string | null;
  thesis_second_examiner_id: string | null;
};

/**
 * A proposal's facts in one statement; with `lock`, its row is held (FOR UPDATE) until the
 * transaction ends, so that answers to its invitations are counted one after the other.
 */
export function selectLifeFacts(db: Db, id: string, viewerId: string | null, lock = false) {
  return selectRow<LifeFacts>(
    db,
    sql`select p.id, p.title, p.type, p.status, p.created_by, ${SUPERVISOR_COLUMNS}, ${TERM_COLUMNS},
               (select c.name from ${users} c where c.id = p.created_by) as creator_name,
               p.research_cell_id, p.pending_since is not null as reached,
               tm.submissions_close_at as term_submissions_close_at,
               (select m.state from ${proposalMembers} m where m.proposal_id = p.id and m.user_id = ${viewerId}) as my_state,
               (select count(*)::int from ${proposalMembers} m where m.proposal_id = p.id and m.state = 'invited') as open_invitations,
               th.state as thesis_state, th.first_assessed_at as thesis_first_assessed_at,
               th.first_examiner_id as thesis_first_examiner_id, th.second_examiner_id as thesis_second_examiner_id
          from ${proposals} p ${TERM_JOIN} ${SUPERVISOR_JOIN}
          left join ${theses} th on th.proposal_id = p.id
         where p.id = ${id}
         ${lock ? sql`for update of p` : sql``}`,
  );
}

/**
 * Moves the proposal from `from` to `to` with the changes that go with it, only if it is still in
 * `from`: of two racing transitions the second waits for the first's row lock, then finds the
 * status changed and updates nothing (undefined).
 */
export async function moveStatus(
  db: Db,
  id: string,
  from: ProposalStatus,
  to: ProposalStatus,
  set: Partial<typeof proposals.$inferInsert>,
) {
  const [row] = await db
    .update(proposals)
    .set({ ...set, status: to })
    .where(and(eq(proposals.id, id), eq(proposals.status, from)))
    .returning({ id: proposals.id });
  return row;
}

/** An inactive proposal's accepted members give back their places; its open invitations are cancelled. */
export async function releasePlaces(db: Db, proposalId: string) {
  await db
    .update(proposalMembers)
    .set({ active: false })
    .where(and(eq(proposalMembers.proposalId, proposalId), eq(proposalMembers.active, true)));
  return selectRows<{ user_id: string; name: string }>(
    db,
    sql`update ${proposalMembers} m set state = 'cancelled' from ${users} u
         where m.proposal_id = ${proposalId} and m.state = 'invited' and u.id = m.user_id
        returning m.user_id, u.name`,
  );
}

/**
 * The accepted members of a proposal who hold an active place in its term in another proposal:
 * what keeps it from becoming active again.
 */
export function membersPlacedElsewhere(db: Db, proposalId: string, termId: string) {
  return selectRows<{ user_id: string; name: string }>(
    db,
    sql`select m.user_id, u.name from ${proposalMembers} m join ${users} u on u.id = m.user_id
         where m.proposal_id = ${proposalId} and m.state = 'accepted'
           and exists (select 1 from ${proposalMembers} o
                        where o.term_id = ${termId} and o.user_id = m.user_id and o.active and o.proposal_id <> m.proposal_id)
         order by m.position`,
  );
}

/** The accepted members of a proposal take their places again (the one-place index guards races). */
export async function retakePlaces(db: Db, proposalId: string) {
  const rows = await db
    .update(proposalMembers)
    .set({ active: true })
    .where(and(eq(proposalMembers.proposalId, proposalId), eq(proposalMembers.state, "accepted")))
    .returning({ userId: proposalMembers.userId });
  return rows.map((r) => r.userId);
}

/** Who a proposal concerns: its accepted members, its open invitees, and its supervisor once it reached them. */
export async function concernedBy(db: Db, proposalId: string) {
  const row = await selectRow<{ members: string[]; invitees: string[]; supervisor_id: string | null }>(
    db,
    sql`select coalesce((select json_agg(m.user_id order by m.position) from ${proposalMembers} m
                          where m.proposal_id = p.id and m.state = 'accepted'), '[]') as members,
               coalesce((select json_agg(m.user_id order by m.position) from ${proposalMembers} m
                          where m.proposal_id = p.id and m.state = 'invited'), '[]') as invitees,
               case when p.pending_since is not null then p.supervisor_id end as supervisor_id
          from ${proposals} p where p.id = ${proposalId}`,
  );
  return {
    members: row?.members ?? [],
    invitees: row?.invitees ?? [],
    supervisorId: row?.supervisor_id ?? null,
  };
}

/** Every committee member, who hears of a proposal awaiting their sign-off. */
export async function committeeIds(db: Db) {
  const rows = await selectRows<{ id: string }>(db, sql`select id from ${users} where role = 'committee'`);
  return rows.map((r) => r.id);
}
