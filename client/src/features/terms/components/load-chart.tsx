import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import type { SupervisorLoad } from "@shared/schemas/terms";

const SERIES = [
  { name: "Used", color: "indigo.6" },
  { name: "Capacity", color: "gray.5" },
];

/**
 * Each supervisor's places in use beside their capacity; an unlimited capacity has no bar. With no
 * bar to draw (nothing in use, every capacity unlimited or none) there is no chart: the table says it.
 */
export function LoadChart({ items, titleId }: { items: SupervisorLoad[]; titleId: string }) {
  if (!items.some((s) => s.used > 0 || (s.capacity ?? 0) > 0)) return null;
  const data = items.map((s) => ({ name: s.name, Used: s.used, Capacity: s.capacity }));
  const longest = Math.max(0, ...items.map((s) => Math.max(s.used, s.capacity ?? 0)));
  const unlimited = items.some((s) => s.capacity === null);
  return (
    <>
      <BarChart
        aria-labelledby={titleId}
        h={Math.max(200, items.length * 56 + 60)}
        data={data}
        dataKey="name"
        orientation="vertical"
        series={SERIES}
        withLegend
        legendProps={{ verticalAlign: "top", height: 36 }}
        yAxisProps={{ width: 170 }}
        // Places come whole: whole-number ticks, no more of them than there are numbers to show.
        xAxisProps={{ allowDecimals: false, tickCount: Math.min(5, longest + 1) }}
        gridAxis="x"
        maxBarWidth={20}
      />
      {unlimited && (
        <Text size="xs" c="dimmed" mt={4}>
          A supervisor with unlimited places has no capacity bar.
        </Text>
      )}
    </>
  );
}
