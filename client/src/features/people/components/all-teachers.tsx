import { Badge, Group, Stack, Text } from "@mantine/core";
import { useCellOptions } from "../api/use-cell-options";
import { AssignCellControl } from "./assign-cell-control";
import { PeopleList } from "./people-list";
import type { PeopleColumn } from "./people-table";

export function AllTeachers() {
  const cells = useCellOptions();
  const columns: PeopleColumn[] = [
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
  ];
  return <PeopleList userRole="supervisor" columns={columns} />;
}
