import { DateText } from "@client/lib/dates";
import { PeopleList } from "./people-list";
import type { PeopleColumn } from "./people-table";

const columns: PeopleColumn[] = [
  { key: "createdAt", label: "Added", sort: "createdAt", render: (p) => <DateText iso={p.createdAt} /> },
];

export function CommitteeMembers() {
  return <PeopleList userRole="committee" columns={columns} />;
}
