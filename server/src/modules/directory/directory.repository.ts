import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { int, selectRows } from "../../db/query";
import { proposalMembers, supervisorCells, terms, users } from "../../db/schema";
import { matchesSearch } from "../../db/search";
import { CURRENT_TERM_ID, capacityOf, usedBy } from "../terms/terms.repository";

/**
 * The active supervisors assigned to a cell, by name (supervisor_cells_cell_idx), with their places
 * left in the current term (null = no limit): one statement. A deactivated one takes no proposals.
 */
export function supervisorsOfCell(db: Db, cellId: string) {
  return selectRows<{ id: string; name: string; email: string; placesLeft: number | null }>(
    db,
    sql`select u.id, u.name, u.email, case when ${capacityOf(sql`u.id`)} is not null
                 then greatest(0, ${capacityOf(sql`u.id`)} - ${usedBy(sql`u.id`)}) end as "placesLeft"
          from ${supervisorCells} sc
          join ${users} u on u.id = sc.supervisor_id and u.role = 'supervisor' and u.deactivated_at is null
          cross join ${terms} t
         where sc.research_cell_id = ${cellId} and t.id = ${CURRENT_TERM_ID}
         order by u.name, u.id`,
  );
}

/**
 * Active students other than `exceptId` whose name or student ID `q` finds (DESIGN.md §14: the
 * start of a word of the name or of the student ID; never the email), by name, each with whether
 * they hold their one place in the current term (DESIGN.md §9; an open invitation takes no
 * place). With no `q`, the first by name (users_role_name_idx). The matches are gathered through
 * users_search_idx and sorted, as the committee's search does (users.repository.ts).
 */
export function searchStudents(db: Db, exceptId: string, q: string, limit: number) {
  const students = sql`select u.id, u.name, u.student_id from ${users} u
    where u.role = 'student' and u.deactivated_at is null and u.id <> ${exceptId}`;
  const inGroup = sql`exists (select 1 from ${proposalMembers} m
    where m.user_id = s.id and m.term_id = ${CURRENT_TERM_ID} and m.active)`;
  return selectRows<{ id: string; name: string; studentId: string | null; inGroup: boolean }>(
    db,
    q
      ? sql`with found as materialized (${students} and ${matchesSearch("u", q, "nameOrStudentId")})
            select s.id, s.name, s.student_id as "studentId", ${inGroup} as "inGroup"
              from (select * from found order by name, id limit ${int(limit)}) s order by s.name, s.id`
      : sql`select s.id, s.name, s.student_id as "studentId", ${inGroup} as "inGroup"
              from (${students} order by u.name, u.id limit ${int(limit)}) s order by s.name, s.id`,
  );
}
