import { isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { Button, Group, Select } from "@mantine/core";
import { MSG } from "@shared/messages";
import { useState } from "react";
import { useAssignCell } from "../api/use-assign-cell";

/** The specification's own words stand alone; anything else is "Failed to assign cell: …". */
export function assignFailureMessage(error: unknown): string {
  const message = isApiError(error) ? error.message : "Something went wrong. Please try again.";
  const own: string[] = [MSG.alreadyAssigned, MSG.teacherNotFound, MSG.selectCell];
  return own.includes(message) ? message : MSG.assignCellFailed(message);
}

/**
 * One teacher row's "Research Cell" select and "Assign": each row keeps its own choice. The
 * select is labelled by the column's visible "Research Cell" header (`labelledBy`).
 */
export function AssignCellControl({
  teacher,
  cells,
  cellsLoading,
  labelledBy,
}: {
  teacher: { id: string; name: string };
  cells: { value: string; label: string }[];
  cellsLoading?: boolean;
  labelledBy: string;
}) {
  const [cellId, setCellId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignCell();

  const onAssign = () => {
    if (!cellId) {
      setError(MSG.selectCell);
      notify.error(MSG.selectCell);
      return;
    }
    assign.mutate(
      { teacherId: teacher.id, researchCellId: cellId },
      {
        onSuccess: () => notify.success(MSG.cellAssigned),
        onError: (e) => notify.error(assignFailureMessage(e)),
      },
    );
  };

  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Select
        aria-labelledby={labelledBy}
        placeholder={cellsLoading ? "Loading cells…" : cells.length ? "Choose a cell" : "No cells yet"}
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
        comboboxProps={{ withinPortal: true }}
      />
      <Button size="xs" onClick={onAssign} loading={assign.isPending}>
        Assign
      </Button>
    </Group>
  );
}
