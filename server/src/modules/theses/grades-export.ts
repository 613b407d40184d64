import type { ThesisState } from "@shared/enums";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { int, iso, selectRows } from "../../db/query";
import { proposalMembers, proposals, terms, theses, thesisGrades, users } from "../../db/schema";
import { type CsvExport, type CsvValue, csvDate } from "../committee/csv";
import { listFromWhere, type ThesisListFilter } from "./theses.repository";

interface GradeRow {
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

const COLUMNS = [
  "Term",
  "Thesis",
  "State",
  "Supervisor",
  "First examiner",
  "Second examiner",
  "Student",
  "Student ID",
  "Grade",
  "Grade set by",
  "Grade set at",
];
const BATCH = 200;

/** Who set a grade, in words: the examiners agreeing, the committee on a dispute, a record of failure. */
const SET_BY: Record<string, string> = {
  marking: "examiners",
  committee: "committee",
  failed: "failed, not submitted",
};

/**
 * A batch of the theses the filter finds after `afterId` (by id), each member a row with their
 * grade as it stands (none while disputed or not yet graded); a thesis left with no member, one
 * row without a student, so that every thesis of the batch is counted.
 */
function selectGradeRows(db: Db, viewer: { id: string; role: string }, f: ThesisListFilter, afterId: string) {
  return selectRows<GradeRow>(
    db,
    sql`select th.id as thesis_id, tm.name as term_name, p.title, th.state,
               s.name as supervisor_name, e1.name as first_examiner_name, e2.name as second_examiner_name,
               u.name as student_name, u.student_id, g.grade, g.source, g.set_at
          from (select th.id ${listFromWhere(viewer, f)} and th.id > ${afterId}::uuid
                 order by th.id limit ${int(BATCH)}) k
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

/**
 * GET /api/theses/grades.csv (DESIGN.md §17): the committee's export of grades, one row per student
 * of each thesis the list's filters find, with the student ID; streamed in batches of theses.
 */
export function gradesExport(db: Db, viewer: { id: string; role: string }, f: ThesisListFilter): CsvExport {
  async function* batches() {
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const rows = await selectGradeRows(db, viewer, f, after);
      yield rows.map((r): CsvValue[] => [
        r.term_name,
        r.title,
        r.state,
        r.supervisor_name,
        r.first_examiner_name,
        r.second_examiner_name,
        r.student_name,
        r.student_id,
        r.grade,
        r.source ? (SET_BY[r.source] ?? r.source) : "",
        csvDate(iso(r.set_at)),
      ]);
      const ids = new Set(rows.map((r) => r.thesis_id));
      if (ids.size < BATCH) return;
      after = rows[rows.length - 1].thesis_id;
    }
  }
  return { file: "grades", columns: COLUMNS, batches: batches() };
}
