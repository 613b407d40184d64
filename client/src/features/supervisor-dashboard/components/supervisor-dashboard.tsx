import { PageLoader } from "@client/components/page-loader";
import { Alert, Button, Group, Modal, Paper, ScrollArea, SimpleGrid, Text } from "@mantine/core";
import {
  IconAlarm,
  IconAlertCircle,
  IconBook2,
  IconBuildingCommunity,
  IconInbox,
  IconStack2,
  IconTools,
} from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { useSupervisorDashboard } from "../api/use-supervisor-dashboard";
import { CellList } from "./detail-lists";
import { GroupsPanel } from "./groups-panel";
import { StatCard } from "./stat-card";

type Detail = "thesis" | "project" | "total" | "cells";

const TITLES: Record<Detail, string> = {
  thesis: "Thesis Groups",
  project: "Project Groups",
  total: "Total Groups",
  cells: "Research Cells",
};

/** The proposal type each group modal lists; Total Groups lists every type. */
const GROUP_TYPE = { thesis: "Thesis", project: "Project", total: undefined } as const;

/** The counts whose card opens their detail (named by TITLES), in their order on the dashboard. */
const DETAIL_CARDS = [
  { detail: "thesis", count: "thesisGroups", Icon: IconBook2, color: "indigo" },
  { detail: "project", count: "projectGroups", Icon: IconTools, color: "teal" },
  { detail: "total", count: "totalGroups", Icon: IconStack2, color: "grape" },
  { detail: "cells", count: "researchCells", Icon: IconBuildingCommunity, color: "orange" },
] as const;

/**
 * The counts of a term (none = the current term): four each opening a modal with its scrollable
 * list, and the overdue reviews, which lead to the review queue (oldest first, each overdue one
 * marked), as the pending summary's shortcut does. The dashboard answer carries the counts and
 * the cells; a group modal loads its list, of the same term, when opened.
 */
export function SupervisorDashboardStats({ termId }: { termId?: string }) {
  const dashboard = useSupervisorDashboard(termId);
  const [detail, setDetail] = useState<Detail | null>(null);

  if (dashboard.isPending) {
    return <PageLoader label="Loading dashboard" />;
  }
  if (dashboard.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        The dashboard could not be loaded. Please try again.
      </Alert>
    );
  }
  const { counts, cells } = dashboard.data;
  const pending = counts.pendingGroups;
  // The review queue, in the same term.
  const requests = `/supervisor/requests${termId ? `?term=${encodeURIComponent(termId)}` : ""}`;

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md">
        {DETAIL_CARDS.map(({ detail, count, Icon, color }) => (
          <StatCard
            key={detail}
            label={TITLES[detail]}
            value={counts[count]}
            icon={<Icon size={24} />}
            color={color}
            onClick={() => setDetail(detail)}
          />
        ))}
        <StatCard
          label="Overdue reviews"
          value={counts.overdueGroups}
          icon={<IconAlarm size={24} />}
          color="red"
          to={requests}
          hint="Open requests"
        />
      </SimpleGrid>

      <Paper withBorder p="lg" mt="lg">
        <Group justify="space-between">
          <Group gap="sm">
            <IconInbox size={22} />
            <Text fw={600} data-testid="pending-summary">
              {pending === 0
                ? "No proposals are waiting for your review."
                : `${pending} ${pending === 1 ? "proposal is" : "proposals are"} waiting for your review.`}
            </Text>
          </Group>
          {pending > 0 && (
            <Button component={Link} to={requests}>
              Review requests
            </Button>
          )}
        </Group>
      </Paper>

      <Modal
        opened={detail !== null}
        onClose={() => setDetail(null)}
        title={detail ? TITLES[detail] : ""}
        size="lg"
        scrollAreaComponent={ScrollArea.Autosize}
      >
        <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
          {detail === "cells" ? (
            <CellList cells={cells} />
          ) : detail ? (
            // Mounted only while open: the list is asked for when the modal opens, not before.
            <GroupsPanel key={detail} type={GROUP_TYPE[detail]} termId={termId} />
          ) : null}
        </ScrollArea.Autosize>
      </Modal>
    </>
  );
}
