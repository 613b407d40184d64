import "@mantine/charts/styles.css";
import { EmptyState } from "@client/components/empty-state";
import { BarChart } from "@mantine/charts";
import { Paper, Text } from "@mantine/core";
import type { CommitteeDashboard } from "@shared/schemas/committee";
import { IconChartBar } from "@tabler/icons-react";

/** Status colours of the specification: green Approved, red Denied, yellow Pending. */
const SERIES = [
  { name: "Pending", color: "yellow.5" },
  { name: "Approved", color: "green.6" },
  { name: "Denied", color: "red.6" },
];

/** Proposals by status per research cell, one stacked bar per cell. */
export function CellsChart({ perCell }: { perCell: CommitteeDashboard["perCell"] }) {
  const total = (c: CommitteeDashboard["perCell"][number]) =>
    Object.values(c.byStatus).reduce((a, b) => a + b, 0);
  const withProposals = perCell.filter((c) => total(c) > 0).map((c) => ({ title: c.title, ...c.byStatus }));
  const longest = Math.max(0, ...perCell.map(total));
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="md" id="cells-chart-title">
        Proposals by status per research cell
      </Text>
      {withProposals.length === 0 ? (
        <EmptyState
          icon={IconChartBar}
          title="No proposals yet."
          description="Once students submit proposals, each research cell's share shows here."
          framed={false}
        />
      ) : (
        <BarChart
          aria-labelledby="cells-chart-title"
          h={Math.max(220, withProposals.length * 44 + 60)}
          data={withProposals}
          dataKey="title"
          type="stacked"
          orientation="vertical"
          series={SERIES}
          withLegend
          legendProps={{ verticalAlign: "top", height: 36 }}
          yAxisProps={{ width: 190 }}
          // The count axis (horizontal, as the bars lie): proposals come whole, so its ticks do
          // too, and no more of them than there are whole numbers up to the longest bar.
          xAxisProps={{ allowDecimals: false, tickCount: Math.min(5, longest + 1) }}
          gridAxis="x"
          maxBarWidth={28}
        />
      )}
    </Paper>
  );
}
