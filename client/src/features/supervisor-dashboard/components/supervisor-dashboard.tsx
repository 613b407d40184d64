import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  SimpleGrid,
  Text,
} from "@mantine/core";
import {
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
import { CellList, GroupList } from "./detail-lists";
import { StatCard } from "./stat-card";

type Detail = "thesis" | "project" | "total" | "cells";

const TITLES: Record<Detail, string> = {
  thesis: "Thesis Groups",
  project: "Project Groups",
  total: "Total Groups",
  cells: "Research Cells",
};

/** Four counts, each opening a modal with its scrollable list, and a shortcut to the review queue. */
export function SupervisorDashboardStats() {
  const dashboard = useSupervisorDashboard();
  const [detail, setDetail] = useState<Detail | null>(null);

  if (dashboard.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading dashboard" />
      </Center>
    );
  }
  if (dashboard.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        The dashboard could not be loaded. Please try again.
      </Alert>
    );
  }
  const { counts, groups, cells } = dashboard.data;
  const pending = groups.filter((g) => g.status === "Pending").length;
  const shown =
    detail === "thesis"
      ? groups.filter((g) => g.type === "Thesis")
      : detail === "project"
        ? groups.filter((g) => g.type === "Project")
        : groups;

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <StatCard
          label="Thesis Groups"
          value={counts.thesisGroups}
          icon={<IconBook2 size={24} />}
          color="indigo"
          onClick={() => setDetail("thesis")}
        />
        <StatCard
          label="Project Groups"
          value={counts.projectGroups}
          icon={<IconTools size={24} />}
          color="teal"
          onClick={() => setDetail("project")}
        />
        <StatCard
          label="Total Groups"
          value={counts.totalGroups}
          icon={<IconStack2 size={24} />}
          color="grape"
          onClick={() => setDetail("total")}
        />
        <StatCard
          label="Research Cells"
          value={counts.researchCells}
          icon={<IconBuildingCommunity size={24} />}
          color="orange"
          onClick={() => setDetail("cells")}
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
            <Button component={Link} to="/supervisor/requests">
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
          {detail === "cells" ? <CellList cells={cells} /> : detail ? <GroupList groups={shown} /> : null}
        </ScrollArea.Autosize>
      </Modal>
    </>
  );
}
