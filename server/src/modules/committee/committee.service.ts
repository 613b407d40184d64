import { PROPOSAL_STATUSES, type ProposalStatus, type Role } from "@shared/enums";
import type { CommitteeDashboard, StatusCounts } from "@shared/schemas/committee";
import type { Db } from "../../db/client";
import { selectPeopleAfter } from "../users/users.repository";
import { cellsBySupervisor } from "../users/users.service";
import {
  type ProposalFilter,
  selectDashboardCounts,
  selectMembersOf,
  selectProposalsAfter,
} from "./committee.repository";
import { CSV_BOM, csvDate, csvRecord } from "./csv";

const emptyCounts = (): StatusCounts => ({
  byStatus: Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, 0])) as Record<ProposalStatus, number>,
});

export async function committeeDashboard(
  db: Db,
  termId: string | undefined,
  now: Date,
): Promise<CommitteeDashboard> {
  const counts = await selectDashboardCounts(db, termId, now);
  const roles: Record<Role, number> = { student: 0, supervisor: 0, committee: 0 };
  for (const r of counts.roles) roles[r.role] = r.n;
  const proposals = { ...emptyCounts(), total: 0, overdue: counts.overdue };
  const perCell = new Map<string, StatusCounts & { id: string; title: string }>();
  for (const row of counts.perCell) {
    const cell = perCell.get(row.id) ?? { id: row.id, title: row.title, ...emptyCounts() };
    if (row.status) {
      cell.byStatus[row.status] = row.n;
      proposals.byStatus[row.status] += row.n;
      proposals.total += row.n;
    }
    perCell.set(row.id, cell);
  }
  const total = (c: StatusCounts) => Object.values(c.byStatus).reduce((a, b) => a + b, 0);
  return {
    students: roles.student,
    supervisors: roles.supervisor,
    committee: roles.committee,
    researchCells: counts.cells,
    proposals,
    perCell: [...perCell.values()].sort((a, b) => total(b) - total(a) || a.title.localeCompare(b.title)),
  };
}

/** Rows are read and written in batches, so an export never holds a whole table in memory. */
export const EXPORT_BATCH = 500;

const PEOPLE_COLUMNS: Record<Role, string[]> = {
  student: ["Name", "Email", "Student ID", "Registered At"],
  supervisor: ["Name", "Email", "Research Cells", "Added At"],
  committee: ["Name", "Email", "Added At"],
};

export const PEOPLE_FILE: Record<Role, string> = {
  student: "students",
  supervisor: "teachers",
  committee: "committee-members",
};

export async function* peopleCsv(db: Db, role: Role, q: string | undefined, batch = EXPORT_BATCH) {
  yield CSV_BOM + csvRecord(PEOPLE_COLUMNS[role]);
  let after: { name: string; id: string } | undefined;
  for (;;) {
    const rows = await selectPeopleAfter(db, role, q || undefined, after, batch);
    const cells = role === "supervisor" ? await cellsBySupervisor(db, rows) : undefined;
    let chunk = "";
    for (const r of rows) {
      const created = csvDate(r.createdAt);
      if (role === "student") chunk += csvRecord([r.name, r.email, r.studentId, created]);
      else if (role === "supervisor")
        chunk += csvRecord([
          r.name,
          r.email,
          (cells?.get(r.id) ?? []).map((c) => c.title).join("; "),
          created,
        ]);
      else chunk += csvRecord([r.name, r.email, created]);
    }
    if (chunk) yield chunk;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { name: last.name, id: last.id };
  }
}

const PROPOSAL_COLUMNS = [
  "Title",
  "Type",
  "Status",
  "Research Cell",
  "Supervisor",
  "Supervisor Email",
  "Created By",
  "Members",
  "Created At",
  "Reviewed At",
  "Feedback",
  "Abstract",
];

export async function* proposalsCsv(db: Db, filter: ProposalFilter, batch = EXPORT_BATCH) {
  yield CSV_BOM + csvRecord(PROPOSAL_COLUMNS);
  let afterId: string | undefined;
  for (;;) {
    const rows = await selectProposalsAfter(db, filter, afterId, batch);
    const members = new Map<string, string[]>();
    for (const m of await selectMembersOf(
      db,
      rows.map((r) => r.id),
    )) {
      const list = members.get(m.proposalId) ?? [];
      list.push(m.studentId ? `${m.name} (${m.studentId})` : m.name);
      members.set(m.proposalId, list);
    }
    let chunk = "";
    for (const r of rows) {
      chunk += csvRecord([
        r.title,
        r.type,
        r.status,
        r.cellTitle,
        r.supervisorName,
        r.supervisorEmail,
        r.creatorName,
        (members.get(r.id) ?? []).join("; "),
        csvDate(r.createdAt),
        csvDate(r.reviewedAt),
        r.feedback,
        r.abstract,
      ]);
    }
    if (chunk) yield chunk;
    if (rows.length < batch) return;
    afterId = rows[rows.length - 1].id;
  }
}
