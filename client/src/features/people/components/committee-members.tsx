import { MSG } from "@shared/messages";
import { AddPersonForm } from "./add-person-form";
import { emailColumn, formatDate, nameColumn, type PeopleColumn, PeopleTable } from "./people-table";
import { actionsColumn, PersonDialogs } from "./person-actions";

const columns: PeopleColumn[] = [
  nameColumn,
  emailColumn,
  { key: "createdAt", label: "Added", sort: "createdAt", render: (p) => formatDate(p.createdAt) },
  actionsColumn,
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
      <PersonDialogs from="committee-members">
        <PeopleTable userRole="committee" columns={columns} noun="committee members" />
      </PersonDialogs>
    </>
  );
}
