import type { Db } from "../../db/client";
import { iso } from "../../db/query";
import { type CsvExport, type CsvValue, csvDate } from "../committee/csv";
import { selectGradeRows } from "./grades.repository";
import type { ThesisListFilter } from "./theses.repository";

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
 * GET /api/theses/grades.csv (DESIGN.md §17): the committee's export of grades, one row per student
 * of each thesis the list's filters find, with the student ID; streamed in batches of theses.
 */
export function gradesExport(db: Db, viewer: { id: string; role: string }, f: ThesisListFilter): CsvExport {
  async function* batches() {
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const rows = await selectGradeRows(db, viewer, f, after, BATCH);
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
