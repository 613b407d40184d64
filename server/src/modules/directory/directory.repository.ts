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
 * Active students free to join a group (DESIGN.md §9: nobody who holds their one place in the
 * current term is offered; an open invitation takes no place), other than `exceptId`, whose name
 * or student ID `q` finds (DESIGN.md §14: the start of
 * a word of the name or of the student ID; never the email), by name; with no `q`, the first by
 * name (users_role_name_idx). The matches are gathered through users_search_idx and sorted, as
 * the committee's search does (users.repository.ts); only then is each asked whether it holds a
 * place (proposal_members_one_active_uq), in name order until the page is full, so a broad search
 * asks that of a page's worth of students, not of every match.
 */
export function searchStudents(db: Db, exceptId: string, q: string, limit: number) {
  const people = sql`select u.id, u.name, u.student_id from ${users} u
    where u.role = 'student' and u.deactivated_at is null and u.id <> ${exceptId}`;
  const free = (who: string) =>
    sql`not exists (select 1 from ${proposalMembers} m where m.user_id = ${sql.raw(who)}.id and m.term_id = ${CURRENT_TERM_ID} and m.active)`;
  // "offset 0" keeps the sorted matches a subquery of their own: the planner may not move the
  // place check (a filter) below the sort, where it would ask it of every match.
  return selectRows<{ id: string; name: string; studentId: string | null }>(
    db,
    q
      ? sql`with found as materialized (${people} and ${matchesSearch("u", q, "nameOrStudentId")})
            select id, name, student_id as "studentId"
              from (select * from found order by name, id offset 0) s where ${free("s")} limit ${int(limit)}`
      : sql`select id, name, student_id as "studentId"
              from (${people} and ${free("u")} order by u.name, u.id limit ${int(limit)}) s`,
  );
}
