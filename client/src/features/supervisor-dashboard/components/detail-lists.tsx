import { EmptyState } from "@client/components/empty-state";
import { CardList } from "@client/components/list-parts";
import { MembersLine } from "@client/components/member-name";
import { OverdueBadge } from "@client/components/overdue-badge";
import { StatusBadge } from "@client/components/status-badge";
import { useBackHere } from "@client/lib/back";
import { cellTitle } from "@client/lib/proposal-format";
import { Anchor, Badge, Group, Paper, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";
import type { SupervisorCell } from "@shared/schemas/supervisor";
import { IconBuildingCommunity, IconUsersGroup } from "@tabler/icons-react";
import { Link } from "react-router";

/** The groups behind a count, each title opening its proposal's page (whose "Back" returns to the dashboard). */
export function GroupList({ groups }: { groups: ProposalSummary[] }) {
  const back = useBackHere();
  if (!groups.length) return <EmptyState icon={IconUsersGroup} title="No groups yet." framed={false} />;
  return (
    <CardList gap="sm">
      {groups.map((g) => (
        <Paper withBorder p="sm" key={g.id} component="li">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
              <Anchor component={Link} to={`/supervisor/proposals/${g.id}`} state={back} inherit>
                {g.title || MSG.unknown}
              </Anchor>
            </Text>
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              <Badge variant="light" miw="max-content">
                {g.type}
              </Badge>
              <StatusBadge status={g.status} />
              <OverdueBadge proposal={g} />
            </Group>
          </Group>
          <MembersLine proposal={g} mt={4} />
          <Text size="xs" c="dimmed" mt={2}>
            {cellTitle(g)}
          </Text>
        </Paper>
      ))}
    </CardList>
  );
}

export function CellList({ cells }: { cells: SupervisorCell[] }) {
  if (!cells.length)
    return (
      <EmptyState
        icon={IconBuildingCommunity}
        title="You are not assigned to a research cell yet."
        description="The committee assigns cells."
        framed={false}
      />
    );
  return (
    <CardList gap="sm">
      {cells.map((c) => (
        <Paper withBorder p="sm" key={c.id} component="li">
          <Text fw={600} size="sm">
            {c.title || MSG.unknownCell}
          </Text>
          <Text size="sm" c="dimmed" mt={4} style={{ whiteSpace: "pre-wrap" }}>
            {c.description || MSG.notAvailable}
          </Text>
        </Paper>
      ))}
    </CardList>
  );
}
