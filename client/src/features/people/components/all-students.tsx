import { MSG } from "@shared/messages";
import { ImportLink } from "./import-link";
import { emailColumn, formatDate, nameColumn, type PeopleColumn, PeopleTable } from "./people-table";
import { actionsColumn, PersonDialogs } from "./person-actions";

const columns: PeopleColumn[] = [
  nameColumn,
  emailColumn,
  {
    key: "studentId",
    label: "Student ID",
    sort: "studentId",
    render: (p) => p.studentId ?? MSG.notAvailable,
  },
  { key: "createdAt", label: "Registered", sort: "createdAt", render: (p) => formatDate(p.createdAt) },
  actionsColumn,
];

export function AllStudents() {
  return (
    <PersonDialogs from="all-students">
      <PeopleTable
        userRole="student"
        columns={columns}
        noun="students"
        toolbar={<ImportLink userRole="student" />}
      />
    </PersonDialogs>
  );
}
