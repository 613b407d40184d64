import type { Role } from "@shared/enums";
import { MSG } from "@shared/messages";
import { AddPersonForm, type AddPersonTexts } from "./add-person-form";
import { ImportLink } from "./import-link";
import { emailColumn, nameColumn, type PeopleColumn, PeopleTable } from "./people-table";
import { actionsColumn, type From, PersonDialogs } from "./person-actions";

/** Each list's screen (where a proposal's page leads back to) and its people, plural. */
const LISTS: Record<Role, { from: From; noun: string }> = {
  student: { from: "all-students", noun: "students" },
  supervisor: { from: "all-teachers", noun: "teachers" },
  committee: { from: "committee-members", noun: "committee members" },
};

/** Teachers and committee members are added one at a time; students register or are imported. */
const ADD: Record<Exclude<Role, "student">, AddPersonTexts> = {
  supervisor: {
    title: "Add a teacher",
    submit: "Add Teacher",
    added: MSG.teacherAdded,
    failed: MSG.addTeacherFailed,
  },
  committee: {
    title: "Add a committee member",
    submit: "Add Committee Member",
    added: MSG.committeeMemberAdded,
    failed: MSG.addCommitteeMemberFailed,
  },
};

/**
 * One of the committee's people lists (All Students, All Teachers, Committee Members): the add
 * form where the role has one, then the list (the person, their email, the role's own `columns`,
 * the committee's actions) with "Import CSV" for students and teachers.
 */
export function PeopleList({ userRole: role, columns }: { userRole: Role; columns: PeopleColumn[] }) {
  const { from, noun } = LISTS[role];
  return (
    <>
      {role !== "student" && <AddPersonForm userRole={role} texts={ADD[role]} />}
      <PersonDialogs from={from}>
        <PeopleTable
          userRole={role}
          columns={[nameColumn, emailColumn, ...columns, actionsColumn]}
          noun={noun}
          toolbar={role !== "committee" && <ImportLink userRole={role} />}
        />
      </PersonDialogs>
    </>
  );
}
