import { type SQL, sql } from "drizzle-orm";
import { proposalMembers } from "../../db/schema";

/**
 * Who may see a thesis (DESIGN.md §16), over a query naming the thesis `th` and its proposal `p`:
 * the committee all, a teacher those they supervise or examine, a student those they are an
 * accepted member of. Lists, and the drafts' documents, read it.
 */
export function thesisVisibleTo(viewer: { id: string; role: string }): SQL {
  if (viewer.role === "committee") return sql`true`;
  if (viewer.role === "supervisor")
    return sql`(p.supervisor_id = ${viewer.id} or th.first_examiner_id = ${viewer.id} or th.second_examiner_id = ${viewer.id})`;
  return sql`exists (select 1 from ${proposalMembers} m
                      where m.proposal_id = p.id and m.user_id = ${viewer.id} and m.state = 'accepted')`;
}
