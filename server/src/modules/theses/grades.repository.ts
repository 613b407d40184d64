import type { ThesisState } from "@shared/enums";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { int, selectRows } from "../../db/query";
import { proposalMembers, proposals, terms, theses, thesisGrades, users } from "../../db/schema";
import { listFromWhere, type ThesisListFilter } from "./theses.repository";

/** A row of the grades export (GET /api/theses/grades.csv): one member of one thesis, with their grade. */
export interface GradeRow {
  thesis_id: string;
  term_name: string;
  title: string;
  state: ThesisState;
  supervisor_name: string | null;
  first_examiner_name: string | null;
  second_examiner_name: string | null;
  student_name: string | null;
  student_id: string | null;
  grade: string | null;
  source: string | null;
  set_at: string | null;
}

/**
 * A batch of `limit` theses the filter finds after `afterId` (by id), each member a row with their
 * grade as it stands (none while disputed or not yet graded); a thesis left with no member, one
 * row without a student, so that every thesis of the batch is counted.
 */
export function selectGradeRows(
  db: Db,
  viewer: { id: string; role: string },
  f: ThesisListFilter,
  afterId: string,
  limit: number,
) {
  return selectRows<GradeRow>(
    db,
    sql`select th.id as thesis_id, tm.name as term_name, p.title, th.state,
               s.name as supervisor_name, e1.name as first_examiner_name, e2.name as second_examiner_name,
               u.name as student_name, u.student_id, g.grade, g.source, g.set_at
          from (select th.id ${listFromWhere(viewer, f)} and th.id > ${afterId}::uuid
                 order by th.id limit ${int(limit)}) k
          join ${theses} th on th.id = k.id
          join ${proposals} p on p.id = th.proposal_id
          join ${terms} tm on tm.id = p.term_id
          left join ${proposalMembers} m on m.proposal_id = p.id and m.state = 'accepted'
          left join ${users} u on u.id = m.user_id
          left join ${thesisGrades} g on g.thesis_id = th.id and g.student_id = u.id
          left join ${users} s on s.id = p.supervisor_id
          left join ${users} e1 on e1.id = th.first_examiner_id
          left join ${users} e2 on e2.id = th.second_examiner_id
         order by th.id, m.position`,
  );
}
