import { useAssignCell } from "@client/lib/assign-cell";
import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { useId, useState } from "react";

/**
 * One teacher's "Research Cell" select and "Assign": each row (or card) keeps its own choice,
 * offers only the cells the teacher is not in yet, and is empty again once a cell is assigned.
 * The select has its own visible label, above it, so the button stays level with the select
 * when a message shows beneath it.
 */
export function AssignCellControl({
  teacher,
  cells: allCells,
  cellsLoading,
}: {
  teacher: { id: string; name: string; cells?: { id: string }[] };
  cells: { value: string; label: string }[];
  cellsLoading?: boolean;
}) {
  const id = useId();
  const [cellId, setCellId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignCell(() => setCellId(null));
  const cells = allCells.filter((c) => !teacher.cells?.some((held) => held.id === c.value));

  const onAssign = () => {
    if (!cellId) {
      setError(MSG.selectCell);
      return;
    }
    assign.mutate({ teacherId: teacher.id, cellId });
  };

  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={id} size="xs" fw={500}>
        Research Cell
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Select
          id={id}
          placeholder={
            cellsLoading
              ? "Loading cells…"
              : cells.length
                ? "Choose a cell"
                : allCells.length
                  ? "In every cell"
                  : "No cells yet"
          }
          data={cells}
          value={cellId}
          onChange={(v) => {
            setCellId(v);
            setError(null);
          }}
          searchable
          nothingFoundMessage="No cell matches"
          error={error}
          size="xs"
          w={200}
          miw={0}
          style={{ flexShrink: 1 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button size="xs" onClick={onAssign} loading={assign.isPending} style={{ flexShrink: 0 }}>
          Assign
        </Button>
      </Group>
    </Stack>
  );
}
