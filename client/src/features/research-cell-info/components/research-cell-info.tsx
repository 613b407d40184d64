import { EmptyState } from "@client/components/empty-state";
import { PageLoader } from "@client/components/page-loader";
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Cell } from "@shared/schemas/cells";
import { IconAlertCircle, IconBooks, IconMail, IconStarFilled, IconUserOff } from "@tabler/icons-react";
import { useCellsWithSupervisors, useMyCellId } from "../api/use-cell-info";

function CellCard({ cell, mine }: { cell: Cell; mine: boolean }) {
  const supervisors = cell.supervisors ?? [];
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={cell.title}
      style={mine ? { borderColor: "var(--mantine-color-indigo-5)", borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={2} fz="lg">
          {cell.title}
        </Title>
        {mine && (
          <Badge leftSection={<IconStarFilled size={12} />} variant="filled" style={{ flexShrink: 0 }}>
            Your cell
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {cell.description}
      </Text>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed" mb={4}>
        Supervisors
      </Text>
      {supervisors.length ? (
        <Stack gap={6}>
          {supervisors.map((s) => (
            <Group key={s.id} gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {s.name}
              </Text>
              <Anchor href={`mailto:${s.email}`} size="sm" c="dimmed">
                <IconMail size={14} style={{ verticalAlign: "middle" }} /> {s.email}
              </Anchor>
            </Group>
          ))}
        </Stack>
      ) : (
        <EmptyState icon={IconUserOff} title="No supervisors assigned yet." framed={false} compact />
      )}
    </Card>
  );
}

/** Research Cell Info: every cell with its description and supervisors; the student's own cell first and marked. */
export function ResearchCellInfo() {
  const cells = useCellsWithSupervisors();
  const myCell = useMyCellId();

  if (cells.isPending) return <PageLoader label="Loading research cells" />;
  if (cells.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="The research cells could not be loaded.">
        <Button variant="default" size="xs" onClick={() => cells.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const items = cells.data.items;
  if (!items.length)
    return (
      <EmptyState
        icon={IconBooks}
        title="No research cells yet"
        description="The committee has not created any research cells."
      />
    );
  const mine = myCell.data ?? null;
  const sorted = [...items].sort((a, b) => Number(b.id === mine) - Number(a.id === mine));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {sorted.map((c) => (
        <CellCard key={c.id} cell={c} mine={c.id === mine} />
      ))}
    </SimpleGrid>
  );
}
