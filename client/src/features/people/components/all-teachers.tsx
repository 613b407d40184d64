import { Badge, Group, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { useCellOptions } from "../api/use-cell-options";
import { AddPersonForm } from "./add-person-form";
import { AssignCellControl } from "./assign-cell-control";
import { ImportLink } from "./import-link";
import { emailColumn, nameColumn, type PeopleColumn, PeopleTable } from "./people-table";
import { actionsColumn, PersonDialogs } from "./person-actions";

export function AllTeachers() {
  const cells = useCellOptions();
  const columns: PeopleColumn[] = [
    nameColumn,
    emailColumn,
    {
      // One column for a teacher's cells: those assigned, and the "Research Cell" choice with
      // "Assign" that adds one.
      key: "cells",
      label: "Research Cells",
      minWidth: 300,
      render: (p) => (
        <Stack gap="xs" align="flex-start">
          {p.cells?.length ? (
            <Group gap={4} aria-label="Assigned cells" role="list">
              {p.cells.map((c) => (
                <Badge key={c.id} variant="light" size="sm" tt="none" role="listitem">
                  {c.title}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              None yet
            </Text>
          )}
          <AssignCellControl teacher={p} cells={cells.data ?? []} cellsLoading={cells.isPending} />
        </Stack>
      ),
    },
    actionsColumn,
  ];
  return (
    <>
      <AddPersonForm
        userRole="supervisor"
        texts={{
          title: "Add a teacher",
          submit: "Add Teacher",
          added: MSG.teacherAdded,
          failed: MSG.addTeacherFailed,
        }}
      />
      <PersonDialogs from="all-teachers">
        <PeopleTable
          userRole="supervisor"
          columns={columns}
          noun="teachers"
          toolbar={<ImportLink userRole="supervisor" />}
        />
      </PersonDialogs>
    </>
  );
}
