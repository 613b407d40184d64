import { QueryError } from "@client/components/load-error";
import { STATUS_COLOR } from "@client/components/status-badge";
import { termQueries } from "@client/lib/queries/terms";
import { Grid, SimpleGrid, Skeleton, Stack } from "@mantine/core";
import { STATUS_ORDER } from "@shared/enums";
import {
  IconAlarm,
  IconBuildingCommunity,
  IconFileText,
  IconSchool,
  IconUserShield,
  IconUsers,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useCommitteeDashboard } from "../api/use-committee-dashboard";
import { CellsChart } from "./cells-chart";
import { FigureCard } from "./figure-card";
import { GettingStarted } from "./getting-started";
import { ProposalsExport } from "./proposals-export";
import { proposalsLink, STATUS_ICON } from "./status-look";

/** The people and cells as they are now, whatever the term. */
const PEOPLE_FIGURES = [
  { key: "students", label: "Students", Icon: IconSchool, color: "indigo" },
  { key: "supervisors", label: "Supervisors", Icon: IconUsers, color: "cyan" },
  { key: "committee", label: "Committee members", Icon: IconUserShield, color: "grape" },
  { key: "researchCells", label: "Research cells", Icon: IconBuildingCommunity, color: "blue" },
] as const;

/** Approvals of one term (by id, or "all"). */
const approvalsLink = (termId: string | undefined) =>
  termId ? `/committee/approvals?termId=${termId}` : "/committee/approvals";

/**
 * The figures a committee member needs at a glance (the page header carries the welcome and the
 * term): people and cells as they are now; proposals, the chart and the export of one term
 * (none = the current term).
 */
export function CommitteeDashboardView({ termId }: { termId?: string }) {
  const dash = useCommitteeDashboard(termId);
  const d = dash.data;
  // Approvals shows every term unless told one: the current term's figure links to it by id.
  const currentTermId = useQuery({
    ...termQueries.list(),
    select: (t) => t.items.find((x) => x.current)?.id,
  }).data;

  return (
    <Stack gap="lg">
      {dash.isError && !d && <QueryError title="The dashboard figures could not be loaded." query={dash} />}

      {dash.isPending && (
        <SimpleGrid cols={{ base: 2, md: 4 }} aria-busy>
          {[1, 2, 3, 4, 5, 6, 7, 8].map((i) => (
            <Skeleton key={i} height={86} radius="md" />
          ))}
        </SimpleGrid>
      )}

      {d && (
        <>
          <GettingStarted setup={d.setup} />
          <section aria-label="People and cells">
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              {PEOPLE_FIGURES.map(({ key, label, Icon, color }) => (
                <FigureCard key={key} label={label} value={d[key]} icon={<Icon size={22} />} color={color} />
              ))}
            </SimpleGrid>
          </section>
          <section aria-label="Proposals by status">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
              <FigureCard
                label="Proposals"
                value={d.proposals.total}
                icon={<IconFileText size={22} />}
                color="gray"
                to={proposalsLink({ termId })}
              />
              {STATUS_ORDER.map((status) => {
                const Icon = STATUS_ICON[status];
                return (
                  <FigureCard
                    key={status}
                    label={status}
                    value={d.proposals.byStatus[status] ?? 0}
                    icon={<Icon size={22} />}
                    color={STATUS_COLOR[status]}
                    // Awaiting committee leads where the committee decides: Approvals.
                    to={
                      status === "Awaiting committee"
                        ? approvalsLink(termId ?? currentTermId)
                        : proposalsLink({ status, termId })
                    }
                  />
                );
              })}
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
              <CellsChart perCell={d.perCell} termId={termId} />
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
