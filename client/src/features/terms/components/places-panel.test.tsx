import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { sizeCharts } from "@client/test/size-charts";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { SupervisorLoad } from "@shared/schemas/terms";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PlacesPanel } from "./places-panel";
import { load, NO_CONTENT, term } from "./test-data";

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });
const spring = term(2, { name: "Spring 2027", current: true, defaultCapacity: 3 });
const LOAD = `/api/terms/${spring.id}/load`;
const capacityPath = (s: SupervisorLoad) => `/api/terms/${spring.id}/capacities/${s.supervisorId}`;

beforeEach(sizeCharts);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  notifications.clean();
});

type Routes = Parameters<typeof fakeApi>[0];
function setup(items: SupervisorLoad[], extra: Routes = {}) {
  const list = items.map((s) => ({ ...s }));
  const api = fakeApi({ [`GET ${LOAD}`]: () => ({ body: { items: list } }), ...extra });
  vi.stubGlobal("fetch", api.fetch);
  const screenResult = renderScreen(<PlacesPanel term={spring} />, { user: me, path: "/committee/terms" });
  return { api, list, ...screenResult };
}

const ada = load(1, { name: "Ada Lovelace", used: 2, capacity: 3, override: false });
const grace = load(2, { name: "Grace Hopper", used: 3, capacity: 5, override: true, overdue: 2 });
const alan = load(3, { name: "Alan Turing", used: 0, capacity: null, override: false });

describe("Places in a term", () => {
  it("shows each supervisor's used places and capacity, and where the capacity comes from", async () => {
    const { container } = setup([ada, grace, alan]);
    const adaRow = await screen.findByRole("row", { name: /Ada Lovelace/ });
    const cells = within(adaRow).getAllByRole("cell");
    expect(cells[0]).toHaveTextContent("2");
    expect(cells[1]).toHaveTextContent("3term default");
    expect(
      within(await screen.findByRole("row", { name: /Grace Hopper/ })).getByText("own"),
    ).toBeInTheDocument();
    expect(
      within(await screen.findByRole("row", { name: /Alan Turing/ })).getByText("Unlimited"),
    ).toBeInTheDocument();
    expect(screen.getByText("Default: 3 per supervisor.", { exact: false })).toBeInTheDocument();
    // The chart, named by the panel's heading, counts in whole numbers.
    await waitFor(() =>
      expect(
        container.querySelectorAll(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value").length,
      ).toBeGreaterThan(1),
    );
    for (const t of container.querySelectorAll(
      ".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value",
    ))
      expect(t.textContent).toMatch(/^\d+$/);
  });

  it("draws no empty chart: with nothing in use and no capacity, the table alone", async () => {
    const { container } = setup([alan, load(4, { name: "Barbara Liskov", used: 0, capacity: null })]);
    await screen.findByRole("row", { name: /Barbara Liskov/ });
    expect(container.querySelector(".recharts-responsive-container")).toBeNull();
    expect(screen.queryByText("A supervisor with unlimited places has no capacity bar.")).toBeNull();
    // A capacity of its own is a bar to draw: then the chart is back.
    const { container: again } = setup([alan, load(5, { name: "Edsger Dijkstra", used: 0, capacity: 2 })]);
    await waitFor(() => expect(again.querySelector(".recharts-responsive-container")).not.toBeNull());
  });

  it("says when there are no supervisors", async () => {
    setup([]);
    expect((await screen.findByText("No supervisors yet.")).closest("[data-empty-state]")).not.toBeNull();
  });

  it("shows an error with a way to try again", async () => {
    setup([], {
      [`GET ${LOAD}`]: () => ({ status: 500, body: { error: { code: "INTERNAL", message: "Boom." } } }),
    });
    expect(await screen.findByText("The places could not be loaded.")).toBeInTheDocument();
  });

  it("saves a supervisor's own capacity with a PUT of the number, and the table shows it", async () => {
    const { api, list } = setup([ada], {
      [`PUT ${capacityPath(ada)}`]: (body) => {
        Object.assign(list[0], { capacity: (body as { capacity: number }).capacity, override: true });
        return NO_CONTENT;
      },
    });
    const user = userEvent.setup();
    const row = await screen.findByRole("row", { name: /Ada Lovelace/ });
    const input = within(row).getByRole("textbox", { name: "Places for Ada Lovelace" });
    expect(input).toHaveValue("3");
    // Only an own capacity can be handed back to the term's default.
    expect(within(row).queryByRole("button", { name: /Use term default/ })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "6");
    await user.click(within(row).getByRole("button", { name: "Save places for Ada Lovelace" }));
    expect(await screen.findByText(MSG.capacitySaved("Ada Lovelace"))).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "PUT")).toEqual({
      method: "PUT",
      path: capacityPath(ada),
      body: { capacity: 6 },
    });
    const updated = await screen.findByRole("row", { name: /Ada Lovelace/ });
    expect(await within(updated).findByText("own")).toBeInTheDocument();
    expect(
      within(updated).getByRole("button", { name: "Use term default for Ada Lovelace" }),
    ).toBeInTheDocument();
  });

  it("refuses an empty capacity at its field, sending nothing", async () => {
    const { api } = setup([alan]);
    const user = userEvent.setup();
    const row = await screen.findByRole("row", { name: /Alan Turing/ });
    await user.click(within(row).getByRole("button", { name: "Save places for Alan Turing" }));
    expect(await within(row).findByText("Capacity must be a whole number.")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("hands an own capacity back to the term's default with a DELETE", async () => {
    const { api, list } = setup([grace], {
      [`DELETE ${capacityPath(grace)}`]: () => {
        Object.assign(list[0], { capacity: 3, override: false });
        return NO_CONTENT;
      },
    });
    const user = userEvent.setup();
    const row = await screen.findByRole("row", { name: /Grace Hopper/ });
    await user.click(within(row).getByRole("button", { name: "Use term default for Grace Hopper" }));
    expect(await screen.findByText(MSG.capacityCleared("Grace Hopper"))).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === "DELETE" && c.path === capacityPath(grace))).toBe(true);
    expect(
      await within(await screen.findByRole("row", { name: /Grace Hopper/ })).findByText("term default"),
    ).toBeInTheDocument();
  });
});
