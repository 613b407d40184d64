import { Stack } from "@mantine/core";
import { AddCellForm } from "./add-cell-form";
import { CellsTable } from "./cells-table";

export function ResearchCells() {
  return (
    <Stack gap="lg">
      <AddCellForm />
      <CellsTable />
    </Stack>
  );
}
