import { EmptyState } from "@client/components/empty-state";
import { QueryError } from "@client/components/load-error";
import { SimpleGrid, Skeleton } from "@mantine/core";
import { IconUsersGroup } from "@tabler/icons-react";
import { useCellsWithSupervisors } from "../api/use-cells";
import { CellMembersCard } from "./cell-members-card";

/** Every cell with its teachers: assign more, or remove one (with a confirmation). */
export function CellMembers() {
  const cells = useCellsWithSupervisors();

  if (cells.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={180} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (cells.isError) {
    return <QueryError title="The research cells could not be loaded." query={cells} />;
  }
  if (!cells.data.items.length) {
    return (
      <EmptyState
        icon={IconUsersGroup}
        title="No research cells yet."
        description="Add research cells first; then assign teachers to them here."
      />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {cells.data.items.map((cell) => (
        <CellMembersCard key={cell.id} cell={cell} />
      ))}
    </SimpleGrid>
  );
}
