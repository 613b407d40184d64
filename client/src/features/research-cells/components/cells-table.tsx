import { IconButton } from "@client/components/icon-button";
import { RecordsTable } from "@client/components/records-table";
import { Badge, Text, VisuallyHidden } from "@mantine/core";
import type { Cell } from "@shared/schemas/cells";
import { IconBuildingCommunity, IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useCells } from "../api/use-cells";
import { EditCellModal } from "./edit-cell-modal";

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
        {
          key: "supervisors",
          label: "Supervisors",
          th: { ta: "center" },
          td: { ta: "center" },
          cell: (c) => (
            <Badge variant="light" color="indigo" aria-label={`${c.supervisorCount} supervisors`}>
              {c.supervisorCount}
            </Badge>
          ),
        },
        {
          key: "proposals",
          label: "Proposals",
          th: { ta: "center" },
          td: { ta: "center" },
          cell: (c) => (
            <Badge variant="light" color="gray" aria-label={`${c.proposalCount} proposals`}>
              {c.proposalCount}
            </Badge>
          ),
        },
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
