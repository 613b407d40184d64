import { Alert, Button, EmptyState, Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { IconAlertCircle, IconRefresh, IconUsersGroup } from "@tabler/icons-react";
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
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="The research cells could not be loaded.">
        <Text size="sm">{cells.error.message}</Text>
        <Button
          mt="xs"
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void cells.refetch()}
        >
          Try again
        </Button>
      </Alert>
    );
  }
  if (!cells.data.items.length) {
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconUsersGroup size={28} />}
          withIndicatorBackground
          title="No research cells yet."
          description="Add research cells first; then assign teachers to them here."
        />
      </Paper>
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
