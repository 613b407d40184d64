import "@mantine/charts/styles.css";
import { EmptyState } from "@client/components/empty-state";
import { statusShade } from "@client/components/status-badge";
import { BarChart } from "@mantine/charts";
import { Anchor, Paper, SimpleGrid, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type ProposalStatus, STATUS_ORDER } from "@shared/enums";
import type { CommitteeDashboard } from "@shared/schemas/committee";
import { IconChartBar } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import { proposalsLink } from "./status-look";

type Cell = CommitteeDashboard["perCell"][number];

/** How many rows the legend's names fill in `width` pixels (a dot and about 7.5 px a letter each). */
function legendRows(names: string[], width: number) {
  let rows = 1;
  let used = 0;
  for (const name of names) {
    const w = 34 + name.length * 7.5;
    if (used > 0 && used + w > width) {
      rows++;
      used = 0;
    }
    used += w;
  }
  return rows;
}

const total = (c: Cell) => Object.values(c.byStatus).reduce((a, b) => a + b, 0);

/**
 * Proposals by status per research cell, one stacked bar per cell, a series for every status
 * that any cell has (in the order of a proposal's life; the legend and the tooltip name them).
 * A click on a bar opens the Proposals screen filtered by that cell (and the term); the same
 * links are listed under the chart, for the keyboard and for anyone who reads rather than points.
 */
export function CellsChart({ perCell, termId }: { perCell: Cell[]; termId?: string }) {
  const navigate = useNavigate();
  const withProposals = perCell.filter((c) => total(c) > 0);
  const rows = withProposals.map((c) => ({ id: c.id, title: c.title, ...c.byStatus }));
  const series = STATUS_ORDER.filter((s) => withProposals.some((c) => (c.byStatus[s] ?? 0) > 0)).map((s) => ({
    name: s,
    color: statusShade(s),
  }));
  const longest = Math.max(0, ...perCell.map(total));
  const link = (researchCellId: string) => proposalsLink({ researchCellId, termId });
  // The legend takes rows of its own above the bars; recharts keeps only the height it is given.
  const phone = useMediaQuery("(max-width: 36em)", false, { getInitialValueInEffect: false });
  const legendHeight =
    12 +
    legendRows(
      series.map((x) => x.name),
      phone ? 250 : 480,
    ) *
      26;
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="md" id="cells-chart-title">
        Proposals by status per research cell
      </Text>
      {rows.length === 0 ? (
        <EmptyState
          icon={IconChartBar}
          title="No proposals yet."
          description="Once students submit proposals, each research cell's share shows here."
          framed={false}
        />
      ) : (
        <>
          <BarChart
            aria-labelledby="cells-chart-title"
            h={Math.max(220, rows.length * 44 + 36 + legendHeight)}
            data={rows}
            dataKey="title"
            type="stacked"
            orientation="vertical"
            series={series}
            withLegend
            legendProps={{
              verticalAlign: "top",
              height: legendHeight,
              // In the order of a proposal's life, not the alphabet's (recharts' default).
              itemSorter: (item) => STATUS_ORDER.indexOf(item.value as ProposalStatus),
            }}
            yAxisProps={{ width: phone ? 110 : 190 }}
            // The count axis (horizontal, as the bars lie): proposals come whole, so its ticks do
            // too, and no more of them than there are whole numbers up to the longest bar.
            xAxisProps={{ allowDecimals: false, tickCount: Math.min(5, longest + 1) }}
            gridAxis="x"
            maxBarWidth={28}
            barProps={{
              cursor: "pointer",
              onClick: (bar: { payload?: { id?: string } }) => {
                if (bar.payload?.id) navigate(link(bar.payload.id));
              },
            }}
          />
          <Text size="sm" fw={600} mt="md" id="cells-links-title">
            Open a research cell's proposals
          </Text>
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2 }}
            spacing={4}
            verticalSpacing={4}
            mt={4}
            p={0}
            style={{ listStyle: "none" }}
            aria-labelledby="cells-links-title"
          >
            {withProposals.map((c) => (
              <li key={c.id}>
                <Anchor component={Link} to={link(c.id)} size="sm">
                  {c.title}
                </Anchor>
                <Text span size="sm" c="dimmed">
                  {" "}
                  ({total(c).toLocaleString("en")})
                </Text>
              </li>
            ))}
          </SimpleGrid>
        </>
      )}
    </Paper>
  );
}
