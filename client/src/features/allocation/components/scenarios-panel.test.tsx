import { AID } from "@client/test/allocation-fixture";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Scenario } from "@shared/schemas/scenarios";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScenariosPanel } from "./scenarios-panel";

const committee = testUser({ role: "committee", name: "Dr. Nusrat Jahan", studentId: null });
const BASE = `/api/terms/${AID.term}/allocation/scenarios`;
const SID = "90000000-0000-4000-8000-000000000001";

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const figures = (matched: number, unmatched: number, assigned: number, capacity: number) => ({
  groups: 3,
  matched,
  byRank: [matched - 1, 1],
  unmatched,
  load: [{ supervisorId: AID.kenji, name: "Dr. Kenji Watanabe", used: 0, assigned, capacity }],
});
const scenario = (o: Partial<Scenario> = {}): Scenario => ({
  id: SID,
  termId: AID.term,
  name: "Scenario 1",
  madeAt: "2027-02-01T10:00:00.000Z",
  madeBy: { id: "c1", name: "Dr. Nusrat Jahan" },
  ranAt: "2027-02-01T10:05:00.000Z",
  stale: false,
  seed: "s33d",
  topics: [{ id: AID.k1, title: "Path planning for robots", supervisorId: AID.kenji, real: 1, scenario: 2 }],
  supervisors: [{ id: AID.kenji, name: "Dr. Kenji Watanabe", real: 1, scenario: 2 }],
  comparison: {
    draft: figures(2, 1, 1, 1),
    scenario: figures(3, 0, 2, 2),
    changes: [
      {
        proposalId: AID.g3,
        title: "",
        creator: "Dev Third",
        draft: { topicId: null, rank: null },
        scenario: { topicId: AID.k1, rank: 1 },
      },
    ],
  },
  ...o,
});

function setup(s: Scenario, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    [`GET ${BASE}`]: () => ({ body: { items: [s] } }),
    [`GET ${BASE}/${SID}`]: () => ({ body: { scenario: s } }),
    ...routes,
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<ScenariosPanel termId={AID.term} zone="Europe/Berlin" />, {
    user: committee,
    path: "/committee/allocation",
  });
  return api;
}

async function open() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("combobox", { name: "Scenario" }));
  await user.click(await screen.findByRole("option", { name: /^Scenario 1/, hidden: true }));
  return user;
}

describe("what-if scenarios", () => {
  it("shows the draft and the scenario side by side, and the group whose result changes", async () => {
    setup(scenario());
    await open();
    const side = await screen.findByRole("region", { name: "The draft and the scenario" });
    expect(within(side).getByRole("row", { name: /^Matched/ })).toHaveTextContent("Matched23+1");
    expect(within(side).getByRole("row", { name: /^Unmatched/ })).toHaveTextContent("Unmatched10-1");
    const load = screen.getByRole("region", { name: "Supervisors whose load changes (1)" });
    expect(within(load).getByRole("row", { name: /Kenji/ })).toHaveTextContent("1 of 12 of 2");
    const changes = screen.getByRole("region", { name: "Groups whose result changes (1)" });
    expect(within(changes).getByRole("row", { name: /Dev Third/ })).toHaveTextContent(
      "Untitled group (of Dev Third)Unmatched“Path planning for robots”, 1st choice",
    );
    expect(screen.getByRole("button", { name: "Make it the draft" })).toBeEnabled();
  });

  it("saves only the capacities changed, into the scenario", async () => {
    const api = setup(scenario({ ranAt: null, comparison: null }), {
      [`PATCH ${BASE}/${SID}`]: () => ({ body: { scenario: scenario({ ranAt: null, comparison: null }) } }),
    });
    const user = await open();
    expect(await screen.findByText("Run the scenario to compare it with the draft.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Make it the draft" })).toBeDisabled();
    const places = screen.getByRole("textbox", { name: "Places of Dr. Kenji Watanabe in the scenario" });
    await user.clear(places);
    await user.type(places, "4");
    await user.click(screen.getByRole("button", { name: "Save capacities (1)" }));
    expect(await screen.findByText(MSG.scenarioSaved)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({
        topicCapacities: {},
        supervisorCapacities: { [AID.kenji]: 4 },
      }),
    );
  });

  it("a stale scenario says so and cannot be made the draft", async () => {
    setup(scenario({ stale: true }));
    await open();
    expect(await screen.findByText("The draft or the places changed since this copy")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Make it the draft" })).toBeDisabled();
  });
});
