import { MSG } from "@shared/messages";
import { AddPersonForm } from "./add-person-form";
import { emailColumn, formatDate, nameColumn, type PeopleColumn, PeopleTable } from "./people-table";

const columns: PeopleColumn[] = [
  nameColumn,
  emailColumn,
  { key: "createdAt", label: "Added", sort: "createdAt", render: (p) => formatDate(p.createdAt) },
];

export function CommitteeMembers() {
  return (
    <>
      <AddPersonForm
        userRole="committee"
        texts={{
          title: "Add a committee member",
          submit: "Add Committee Member",
          added: MSG.committeeMemberAdded,
          failed: MSG.addCommitteeMemberFailed,
        }}
      />
      <PeopleTable userRole="committee" columns={columns} noun="committee members" />
    </>
  );
}
