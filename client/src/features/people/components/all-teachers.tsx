import { Badge, Group, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { useId } from "react";
import { useCellOptions } from "../api/use-cell-options";
import { AddPersonForm } from "./add-person-form";
import { AssignCellControl } from "./assign-cell-control";
import { nameAndEmailColumn, type PeopleColumn, PeopleTable } from "./people-table";

export function AllTeachers() {
  const cells = useCellOptions();
  const assignHeader = useId();
  const columns: PeopleColumn[] = [
    nameAndEmailColumn,
    {
      key: "cells",
      label: "Assigned Cells",
      minWidth: 230,
      render: (p) =>
        p.cells?.length ? (
          <Group gap={4}>
            {p.cells.map((c) => (
              <Badge key={c.id} variant="light" size="sm" tt="none">
                {c.title}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            None yet
          </Text>
        ),
    },
    {
      key: "assign",
      label: "Research Cell",
      headerId: assignHeader,
      render: (p) => (
        <AssignCellControl
          teacher={p}
          cells={cells.data ?? []}
          cellsLoading={cells.isPending}
          labelledBy={assignHeader}
        />
      ),
    },
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
      <PeopleTable userRole="supervisor" columns={columns} noun="teachers" />
    </>
  );
}
