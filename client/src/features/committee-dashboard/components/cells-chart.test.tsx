import { renderScreen } from "@client/test/render";
import { sizeCharts } from "@client/test/size-charts";
import { counts } from "@client/test/status-counts";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CellsChart } from "./cells-chart";

beforeEach(sizeCharts);
afterEach(() => vi.restoreAllMocks());

/** The count axis's tick labels, as drawn. */
const countTicks = (container: HTMLElement) =>
  Array.from(
    container.querySelectorAll(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value"),
  ).map((t) => t.textContent ?? "");

describe("Proposals by status per research cell", () => {
  it("counts in whole numbers on its axis, even when every cell has one proposal", async () => {
    const { container } = renderScreen(
      <CellsChart
        perCell={[
          { id: "c1", title: "Machine Learning", byStatus: counts({ Pending: 1, Approved: 0, Denied: 0 }) },
          { id: "c2", title: "Networks", byStatus: counts({ Pending: 0, Approved: 1, Denied: 0 }) },
        ]}
      />,
    );
    // Not 0, 0.25, 0.5, 0.75, 1; and not 0…4 either, with the bars a quarter of the way along.
    await waitFor(() => expect(countTicks(container)).toEqual(["0", "1"]));
  });

  it("shows at most five whole-number ticks for larger counts, reaching the longest bar", async () => {
    const { container } = renderScreen(
      <CellsChart
        perCell={[
          { id: "c1", title: "Machine Learning", byStatus: counts({ Pending: 7, Approved: 3, Denied: 3 }) },
        ]}
      />,
    );
    await waitFor(() => expect(countTicks(container).length).toBeGreaterThan(1));
    const ticks = countTicks(container);
    expect(ticks.length).toBeLessThanOrEqual(5);
    for (const tick of ticks) expect(tick).toMatch(/^\d+$/);
    expect(Number(ticks.at(-1))).toBeGreaterThanOrEqual(13);
  });
});

describe("The chart's statuses and links", () => {
  const perCell = [
    {
      id: "c1",
      title: "Machine Learning",
      byStatus: counts({ Pending: 2, "Changes requested": 1, Withdrawn: 1, Approved: 3 }),
    },
    { id: "c2", title: "Networks", byStatus: counts({ "Awaiting committee": 2 }) },
    { id: "c3", title: "Empty cell", byStatus: counts({}) },
  ];

  it("names in its legend every status some cell has, in the order of a proposal's life, and no other", async () => {
    const { container } = renderScreen(<CellsChart perCell={perCell} />);
    await waitFor(() =>
      expect(container.querySelectorAll(".recharts-legend-item, [class*=legendItem]").length).toBeGreaterThan(
        0,
      ),
    );
    const legend = Array.from(container.querySelectorAll("[class*=legendItemName]")).map(
      (e) => e.textContent,
    );
    expect(legend).toEqual(["Pending", "Changes requested", "Awaiting committee", "Approved", "Withdrawn"]);
  });

  it("lists each cell with proposals as a link to the Proposals screen filtered by it and the term", () => {
    renderScreen(<CellsChart perCell={perCell} termId="all" />);
    const list = screen.getByRole("list", { name: "Open a research cell's proposals" });
    const links = within(list).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Machine Learning", "/committee/proposals?researchCellId=c1&termId=all"],
      ["Networks", "/committee/proposals?researchCellId=c2&termId=all"],
    ]);
    expect(list).toHaveTextContent("Machine Learning (7)");
  });
});
