import { EmptyState } from "@client/components/empty-state";
import { IconButton } from "@client/components/icon-button";
import { LoadError } from "@client/components/load-error";
import { Badge, Paper, Skeleton, Table, Text, VisuallyHidden } from "@mantine/core";
import type { Cell } from "@shared/schemas/cells";
import { IconBuildingCommunity, IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useCells } from "../api/use-cells";
import { EditCellModal } from "./edit-cell-modal";

export function CellsTable() {
  const cells = useCells();
  const [editing, setEditing] = useState<Cell | null>(null);

  if (cells.isError && !cells.data) {
    return (
      <LoadError
        title="The research cells could not be loaded."
        message={cells.error.message}
        onRetry={() => void cells.refetch()}
      />
    );
  }
  const items = cells.data?.items ?? [];
  if (cells.data && !items.length) {
    return (
      <EmptyState
        icon={IconBuildingCommunity}
        title="No research cells yet."
        description="Add the first one with the form."
      />
    );
  }

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="center">Supervisors</Table.Th>
              <Table.Th ta="center">Proposals</Table.Th>
              <Table.Th w={60}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cells.isPending
              ? [1, 2, 3].map((i) => (
                  <Table.Tr key={i} aria-hidden>
                    {[1, 2, 3, 4, 5].map((j) => (
                      <Table.Td key={j}>
                        <Skeleton height={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : items.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={600} miw={180}>
                      {c.title}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {c.description}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="center">
                      <Badge variant="light" color="indigo" aria-label={`${c.supervisorCount} supervisors`}>
                        {c.supervisorCount}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="center">
                      <Badge variant="light" color="gray" aria-label={`${c.proposalCount} proposals`}>
                        {c.proposalCount}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <IconButton tip="Edit" aria-label={`Edit ${c.title}`} onClick={() => setEditing(c)}>
                        <IconPencil size={18} />
                      </IconButton>
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <EditCellModal cell={editing} onClose={() => setEditing(null)} />
    </Paper>
  );
}
