import { PeopleList } from "./people-list";
import { formatDate, type PeopleColumn } from "./people-table";

const columns: PeopleColumn[] = [
  { key: "createdAt", label: "Added", sort: "createdAt", render: (p) => formatDate(p.createdAt) },
];

export function CommitteeMembers() {
  return <PeopleList userRole="committee" columns={columns} />;
}
