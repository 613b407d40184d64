import { LoadError } from "@client/components/load-error";
import { Grid, SimpleGrid, Skeleton, Stack } from "@mantine/core";
import {
  IconAlarm,
  IconBuildingCommunity,
  IconCircleCheck,
  IconCircleX,
  IconFileText,
  IconHourglass,
  IconSchool,
  IconUserShield,
  IconUsers,
} from "@tabler/icons-react";
import { useCommitteeDashboard } from "../api/use-committee-dashboard";
import { CellsChart } from "./cells-chart";
import { FigureCard } from "./figure-card";
import { ProposalsExport } from "./proposals-export";

/**
 * The figures a committee member needs at a glance (the page header carries the welcome and the
 * term): people and cells as they are now; proposals, the chart and the export of one term
 * (none = the current term).
 */
export function CommitteeDashboardView({ termId }: { termId?: string }) {
  const dash = useCommitteeDashboard(termId);
  const d = dash.data;

  return (
    <Stack gap="lg">
      {dash.isError && !d && (
        <LoadError
          title="The dashboard figures could not be loaded."
          message={dash.error.message}
          onRetry={() => void dash.refetch()}
        />
      )}

      {dash.isPending && (
        <SimpleGrid cols={{ base: 2, md: 4 }} aria-busy>
          {[1, 2, 3, 4, 5, 6, 7, 8].map((i) => (
            <Skeleton key={i} height={86} radius="md" />
          ))}
        </SimpleGrid>
      )}

      {d && (
        <>
          <section aria-label="People and cells">
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              <FigureCard
                label="Students"
                value={d.students}
                icon={<IconSchool size={22} />}
                color="indigo"
              />
              <FigureCard
                label="Supervisors"
                value={d.supervisors}
                icon={<IconUsers size={22} />}
                color="cyan"
              />
              <FigureCard
                label="Committee members"
                value={d.committee}
                icon={<IconUserShield size={22} />}
                color="grape"
              />
              <FigureCard
                label="Research cells"
                value={d.researchCells}
                icon={<IconBuildingCommunity size={22} />}
                color="blue"
              />
            </SimpleGrid>
          </section>
          <section aria-label="Proposals by status">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
              <FigureCard
                label="Proposals"
                value={d.proposals.total}
                icon={<IconFileText size={22} />}
                color="gray"
              />
              <FigureCard
                label="Pending"
                value={d.proposals.byStatus.Pending}
                icon={<IconHourglass size={22} />}
                color="yellow"
              />
              <FigureCard
                label="Approved"
                value={d.proposals.byStatus.Approved}
                icon={<IconCircleCheck size={22} />}
                color="green"
              />
              <FigureCard
                label="Denied"
                value={d.proposals.byStatus.Denied}
                icon={<IconCircleX size={22} />}
                color="red"
              />
              {/* Pending past the term's review due days (DESIGN.md §8); per supervisor under Terms → Places. */}
              <FigureCard
                label="Overdue reviews"
                value={d.proposals.overdue}
                icon={<IconAlarm size={22} />}
                color="orange"
              />
            </SimpleGrid>
          </section>
          <Grid gap="lg" align="flex-start">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <CellsChart perCell={d.perCell} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <ProposalsExport termId={termId} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
