import type { TableColumn } from "@client/components/columns-table";
import { IconButton } from "@client/components/icon-button";
import { RecordsTable } from "@client/components/records-table";
import { Badge, Text, VisuallyHidden } from "@mantine/core";
import type { Cell } from "@shared/schemas/cells";
import { IconBuildingCommunity, IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useCells } from "../api/use-cells";
import { EditCellModal } from "./edit-cell-modal";

/** A cell's count of something (its supervisors, its proposals), centred: a badge read as "3 proposals". */
const countColumn = (label: string, color: string, count: (c: Cell) => number): TableColumn<Cell> => ({
  key: label.toLowerCase(),
  label,
  th: { ta: "center" },
  td: { ta: "center" },
  cell: (c) => (
    <Badge variant="light" color={color} aria-label={`${count(c)} ${label.toLowerCase()}`}>
      {count(c)}
    </Badge>
  ),
});

export function CellsTable() {
  const cells = useCells();
  const [editing, setEditing] = useState<Cell | null>(null);

  return (
    <RecordsTable
      query={cells}
      failed="The research cells could not be loaded."
      empty={{
        icon: IconBuildingCommunity,
        title: "No research cells yet.",
        description: "Add the first one with the form.",
      }}
      minWidth={640}
      columns={[
        { key: "title", label: "Title", td: { fw: 600, miw: 180 }, cell: (c) => c.title },
        {
          key: "description",
          label: "Description",
          cell: (c) => (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {c.description}
            </Text>
          ),
        },
        countColumn("Supervisors", "indigo", (c) => c.supervisorCount),
        countColumn("Proposals", "gray", (c) => c.proposalCount),
        {
          key: "actions",
          label: <VisuallyHidden>Actions</VisuallyHidden>,
          th: { w: 60 },
          cell: (c) => (
            <IconButton tip="Edit" aria-label={`Edit ${c.title}`} onClick={() => setEditing(c)}>
              <IconPencil size={18} />
            </IconButton>
          ),
        },
      ]}
    >
      <EditCellModal cell={editing} onClose={() => setEditing(null)} />
    </RecordsTable>
  );
}
