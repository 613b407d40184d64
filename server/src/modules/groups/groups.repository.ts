import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import {
  activity,
  proposalMembers,
  proposalPreferences,
  proposals,
  researchCells,
  terms,
  topics,
  users,
} from "../../db/schema";

/**
 * A student's open invitations, newest first (proposal_members_user_idx): who invites them, the
 * proposal's title and supervisor (an allocation group's ranked topics instead), and the group as
 * it stands.
 */
export function selectInvitations(db: Db, userId: string) {
  return selectRows<{
    proposal_id: string;
    title: string;
    type: "Thesis" | "Project";
    by_id: string;
    by_name: string;
    supervisor_id: string | null;
    supervisor_name: string | null;
    cell_id: string | null;
    cell_title: string | null;
    term_id: string;
    term_name: string;
    submissions_close_at: string | null;
    invited_at: string;
    members: { id: string; name: string; state: "accepted" | "invited" }[];
    topics: string[] | null;
  }>(
    db,
    sql`select p.id as proposal_id, p.title, p.type, c.id as by_id, c.name as by_name,
               s.id as supervisor_id, s.name as supervisor_name, rc.id as cell_id, rc.title as cell_title,
               tm.id as term_id, tm.name as term_name, tm.submissions_close_at,
               coalesce((select min(a.at) from ${activity} a
                          where a.proposal_id = p.id and a.kind = 'invitation' and a.action = 'invite' and a.subject_id = m.user_id),
                        p.created_at) as invited_at,
               (select json_agg(json_build_object('id', u.id, 'name', u.name, 'state', o.state) order by o.position)
                  from ${proposalMembers} o join ${users} u on u.id = o.user_id
                 where o.proposal_id = p.id and o.state in ('accepted', 'invited') and o.user_id <> m.user_id) as members,
               (select json_agg(t.title order by pp.rank)
                  from ${proposalPreferences} pp join ${topics} t on t.id = pp.topic_id
                 where pp.proposal_id = p.id) as topics
          from ${proposalMembers} m
          join ${proposals} p on p.id = m.proposal_id
          join ${users} c on c.id = p.created_by
          join ${terms} tm on tm.id = p.term_id
          left join ${users} s on s.id = p.supervisor_id
          left join ${researchCells} rc on rc.id = p.research_cell_id
         where m.user_id = ${userId} and m.state = 'invited'
         order by p.created_at desc, p.id`,
  );
}

/** Whether the student holds their one place in the term (proposal_members_one_active_uq). */
export async function holdsPlace(db: Db, userId: string, termId: string) {
  const rows = await selectRows(
    db,
    sql`select 1 from ${proposalMembers} where user_id = ${userId} and term_id = ${termId} and active`,
  );
  return rows.length > 0;
}

/** An accepted member leaves: no longer a member, their place given back. */
export async function markLeft(db: Db, proposalId: string, userId: string) {
  await db.execute(
    sql`update ${proposalMembers} set state = 'left', active = false
         where proposal_id = ${proposalId} and user_id = ${userId} and state = 'accepted'`,
  );
}
