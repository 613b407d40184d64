import { DateText } from "@client/lib/dates";
import { MSG } from "@shared/messages";
import { PeopleList } from "./people-list";
import type { PeopleColumn } from "./people-table";

const columns: PeopleColumn[] = [
  {
    key: "studentId",
    label: "Student ID",
    sort: "studentId",
    render: (p) => p.studentId ?? MSG.notAvailable,
  },
  { key: "createdAt", label: "Registered", sort: "createdAt", render: (p) => <DateText iso={p.createdAt} /> },
];

export function AllStudents() {
  return <PeopleList userRole="student" columns={columns} />;
}
