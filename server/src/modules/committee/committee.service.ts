import { PROPOSAL_STATUSES, type ProposalStatus, type Role } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { CommitteeDashboard, StatusCounts } from "@shared/schemas/committee";
import type { Db } from "../../db/client";
import { toProposal } from "../proposals/projection";
import { selectPeopleAfter } from "../users/users.repository";
import { cellsBySupervisor } from "../users/users.service";
import { type ProposalFilter, selectDashboardCounts, selectProposalsAfter } from "./committee.repository";
import { type CsvExport, type CsvValue, csvDate } from "./csv";

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
    setup: {
      term: counts.termSetUp,
      cells: counts.cells > 0,
      teachers: roles.supervisor > 0,
      assignments: counts.assigned,
      students: roles.student > 0,
    },
  };
}

/** Rows are read and written in batches, so an export never holds a whole table in memory. */
export const EXPORT_BATCH = 500;

const PEOPLE_COLUMNS: Record<Role, string[]> = {
  student: ["Name", "Email", "Student ID", "Registered At"],
  supervisor: ["Name", "Email", "Research Cells", "Added At"],
  committee: ["Name", "Email", "Added At"],
};

const PEOPLE_FILE: Record<Role, string> = {
  student: "students",
  supervisor: "teachers",
  committee: "committee-members",
};

/** GET /api/exports/users.csv: the people of a role (matching `q`), by name. */
export const peopleExport = (db: Db, role: Role, q: string | undefined, batch = EXPORT_BATCH): CsvExport => ({
  file: PEOPLE_FILE[role],
  columns: PEOPLE_COLUMNS[role],
  batches: peopleRecords(db, role, q, batch),
});

async function* peopleRecords(db: Db, role: Role, q: string | undefined, batch: number) {
  let after: { name: string; id: string } | undefined;
  for (;;) {
    const rows = await selectPeopleAfter(db, role, q || undefined, after, batch);
    const cells = role === "supervisor" ? await cellsBySupervisor(db, rows) : undefined;
    yield rows.map((r): CsvValue[] => {
      const created = csvDate(r.createdAt);
      if (role === "student") return [r.name, r.email, r.studentId, created];
      if (role === "supervisor")
        return [r.name, r.email, (cells?.get(r.id) ?? []).map((c) => c.title).join("; "), created];
      return [r.name, r.email, created];
    });
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

/** GET /api/exports/proposals.csv: the proposals of the filter, newest first. */
export const proposalsExport = (db: Db, filter: ProposalFilter, batch = EXPORT_BATCH): CsvExport => ({
  file: "proposals",
  columns: PROPOSAL_COLUMNS,
  batches: proposalRecords(db, filter, batch),
});

/**
 * A group of an allocation term not placed yet has no cell or supervisor: "Not allocated yet", as
 * the screens say (DESIGN.md §11), and no supervisor's email.
 */
async function* proposalRecords(db: Db, filter: ProposalFilter, batch: number) {
  let afterId: string | undefined;
  for (;;) {
    const rows = await selectProposalsAfter(db, filter, afterId, batch);
    yield rows
      .map(toProposal)
      .map((p): CsvValue[] => [
        p.title,
        p.type,
        p.status,
        p.researchCell?.title ?? MSG.notAllocatedYet,
        p.supervisor?.name ?? MSG.notAllocatedYet,
        p.supervisor?.email ?? null,
        p.createdBy?.name,
        p.members.map((m) => (m.studentId ? `${m.name} (${m.studentId})` : m.name)).join("; "),
        csvDate(p.createdAt),
        csvDate(p.reviewedAt),
        p.feedback,
        p.abstract,
      ]);
    if (rows.length < batch) return;
    afterId = rows[rows.length - 1].id;
  }
}
