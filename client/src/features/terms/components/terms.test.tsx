import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { sizeCharts } from "@client/test/size-charts";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { SupervisorLoad, Term } from "@shared/schemas/terms";
import { DEFAULT_DECLARATION } from "@shared/thesis-settings";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Terms } from "./terms";
import { load, NO_CONTENT, term, ZONE } from "./test-data";

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });

beforeEach(sizeCharts);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  notifications.clean();
});

type Routes = Parameters<typeof fakeApi>[0];
function setup(terms: Term[], extra: Routes = {}, loads: Record<string, SupervisorLoad[]> = {}) {
  const list = [...terms];
  const loadRoutes: Routes = {};
  for (const t of terms)
    loadRoutes[`GET /api/terms/${t.id}/load`] = () => ({ body: { items: loads[t.id] ?? [] } });
  const api = fakeApi({
    "GET /api/terms": () => ({ body: { items: list, timeZone: ZONE } }),
    ...loadRoutes,
    ...extra,
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<Terms />, { user: me, path: "/committee/terms" });
  return { api, list };
}

const spring = term(2, {
  name: "Spring 2027",
  current: true,
  proposalCount: 3,
  // 12 January 2027, 09:00 and 1 March 2027, 17:00 in Berlin (UTC+1 in winter).
  submissionsOpenAt: "2027-01-12T08:00:00.000Z",
  submissionsCloseAt: "2027-03-01T16:00:00.000Z",
  defaultCapacity: 4,
  reviewDueDays: 10,
});
const autumn = term(1, { name: "Autumn 2026", mode: "allocation" });
const rowOf = (name: string) => screen.findByRole("row", { name: new RegExp(name) });

describe("Terms: the list", () => {
  it("names the zone and shows each term's settings in it, the current one marked", async () => {
    setup([spring, autumn]);
    expect(await screen.findByText(`Times are shown in ${ZONE}.`)).toBeInTheDocument();
    const headers = within(screen.getAllByRole("table")[0]).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual([
      "Name",
      "Mode",
      "Submissions",
      "Revisions close",
      "Review due",
      "Committee approval",
      "Default places",
      "Proposals",
      "Actions",
    ]);
    const row = await rowOf("Spring 2027");
    expect(within(row).getByText("Current")).toBeInTheDocument();
    expect(within(row).getByText(`Opens 12 January 2027, 09:00 (${ZONE})`)).toBeInTheDocument();
    expect(within(row).getByText(`Closes 1 March 2027, 17:00 (${ZONE})`)).toBeInTheDocument();
    expect(within(row).getByText("10 days")).toBeInTheDocument();
    expect(within(row).getByText("4")).toBeInTheDocument();
    // How many proposals it holds, and whether the committee signs off.
    expect(within(row).getByText("3")).toBeInTheDocument();
    expect(within(row).getByText("Not required")).toBeInTheDocument();
    const other = await rowOf("Autumn 2026");
    expect(within(other).queryByText("Current")).not.toBeInTheDocument();
    expect(within(other).getByText("Allocation")).toBeInTheDocument();
    expect(within(other).getAllByText("No limit")).toHaveLength(2);
    expect(within(other).getByText("Unlimited")).toBeInTheDocument();
    expect(within(other).getByText("0")).toBeInTheDocument();
  });

  it("offers Delete only for a term the server would delete: not one with proposals, not the current one", async () => {
    const approving = term(3, { name: "Winter 2027", committeeApproval: true, proposalCount: 12 });
    setup([spring, autumn, approving]);
    expect(within(await rowOf("Winter 2027")).getByText("Required")).toBeInTheDocument();
    expect(within(await rowOf("Winter 2027")).getByText("12")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete Winter 2027" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete Spring 2027" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete Autumn 2026" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit Winter 2027" })).toBeInTheDocument();
  });

  it("says when there are no terms", async () => {
    setup([]);
    expect((await screen.findByText("No terms yet.")).closest("[data-empty-state]")).not.toBeNull();
  });

  it("shows an error with a way to try again", async () => {
    setup([], {
      "GET /api/terms": () => ({ status: 500, body: { error: { code: "INTERNAL", message: "Boom." } } }),
    });
    expect(await screen.findByText("The terms could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("shows cards, not a table, on a narrow screen", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("max-width"),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    setup([spring, autumn]);
    const list = await screen.findByRole("list", { name: "Terms" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const card = within(list).getByRole("listitem", { name: "Spring 2027" });
    expect(within(card).getByText("Current")).toBeInTheDocument();
    expect(within(card).getByText("Not required")).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Delete Autumn 2026" })).toBeInTheDocument();
  });
});

/** Clicks one of a term's actions. */
async function act(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(await screen.findByRole("button", { name: item }));
}

describe("Terms: create and edit", () => {
  const dialog = () => screen.findByRole("dialog", { name: "New term" });

  it("refuses a close before the open at the Submissions close field, and sends nothing", async () => {
    const { api } = setup([spring]);
    const user = userEvent.setup();
    await rowOf("Spring 2027");
    await user.click(screen.getByRole("button", { name: "New term" }));
    const d = await dialog();
    await user.type(within(d).getByRole("textbox", { name: "Name" }), "Summer 2027");
    fireEvent.change(within(d).getByLabelText("Submissions open"), { target: { value: "2027-05-10T09:00" } });
    fireEvent.change(within(d).getByLabelText("Submissions close"), {
      target: { value: "2027-05-01T09:00" },
    });
    await user.click(within(d).getByRole("button", { name: "Create term" }));
    const close = within(d).getByLabelText("Submissions close");
    await waitFor(() =>
      expect(close).toHaveAccessibleDescription(expect.stringContaining(MSG.closeBeforeOpen)),
    );
    expect(close).toHaveAttribute("aria-invalid", "true");
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("creates a term with its moments sent as UTC instants: 'Term created.'", async () => {
    const { api, list } = setup([spring], {
      "POST /api/terms": (body) => {
        const created = term(3, { ...(body as Partial<Term>) });
        list.unshift(created);
        return { status: 201, body: { term: created } };
      },
    });
    const user = userEvent.setup();
    await rowOf("Spring 2027");
    await user.click(screen.getByRole("button", { name: "New term" }));
    const d = await dialog();
    expect(within(d).getByText(`Times are in ${ZONE}.`)).toBeInTheDocument();
    await user.type(within(d).getByRole("textbox", { name: "Name" }), "Summer 2027");
    // Summer time in Berlin: UTC+2.
    fireEvent.change(within(d).getByLabelText("Submissions open"), { target: { value: "2027-05-01T09:00" } });
    fireEvent.change(within(d).getByLabelText("Submissions close"), {
      target: { value: "2027-06-01T17:30" },
    });
    await user.type(within(d).getByRole("textbox", { name: "Default places per supervisor" }), "3");
    await user.click(within(d).getByRole("button", { name: "Create term" }));
    expect(await screen.findByText(MSG.termCreated)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Summer 2027",
      mode: "direct",
      submissionsOpenAt: "2027-05-01T07:00:00.000Z",
      submissionsCloseAt: "2027-06-01T15:30:00.000Z",
      revisionsCloseAt: null,
      reviewDueDays: 7,
      committeeApproval: false,
      defaultCapacity: 3,
      maxPreferences: 5,
      // The thesis settings' defaults (their own test: thesis-settings.test.tsx).
      thesisDueAt: null,
      writingWeeks: 26,
      gradeScale: "percent",
      gradeTolerance: 10,
      rubric: [{ name: "Overall", weight: 100, description: "" }],
      declarationText: DEFAULT_DECLARATION,
      markingDays: 28,
      defenseRequired: false,
      defenseMinutes: 45,
    });
    expect(await rowOf("Summer 2027")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("puts the server's field message on its field (a duplicate name)", async () => {
    setup([spring], {
      "POST /api/terms": () => ({
        status: 409,
        body: {
          error: { code: "CONFLICT", message: MSG.termNameTaken, fields: { name: MSG.termNameTaken } },
        },
      }),
    });
    const user = userEvent.setup();
    await rowOf("Spring 2027");
    await user.click(screen.getByRole("button", { name: "New term" }));
    const d = await dialog();
    await user.type(within(d).getByRole("textbox", { name: "Name" }), "spring 2027");
    await user.click(within(d).getByRole("button", { name: "Create term" }));
    await waitFor(() =>
      expect(within(d).getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription(MSG.termNameTaken),
    );
  });

  it("edits a term with a PATCH of the changed fields only; the mode is frozen once it has proposals", async () => {
    const { api, list } = setup([spring], {
      [`PATCH /api/terms/${spring.id}`]: (body) => {
        Object.assign(list[0], body);
        return { body: { term: list[0] } };
      },
    });
    const user = userEvent.setup();
    await act(user, "Edit Spring 2027");
    const d = await screen.findByRole("dialog", { name: "Edit Spring 2027" });
    expect(within(d).getByLabelText("Submissions open")).toHaveValue("2027-01-12T09:00");
    const mode = within(d).getByLabelText("Mode");
    expect(mode).toBeDisabled();
    expect(mode).toHaveAccessibleDescription("This term has proposals, so its mode cannot change.");
    const due = within(d).getByRole("textbox", { name: "Review due (days)" });
    await user.clear(due);
    await user.type(due, "14");
    fireEvent.change(within(d).getByLabelText("Revisions close"), { target: { value: "2027-04-01T12:00" } });
    await user.click(within(d).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(MSG.termUpdated)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({
      reviewDueDays: 14,
      revisionsCloseAt: "2027-04-01T10:00:00.000Z",
    });
    expect(within(await rowOf("Spring 2027")).getByText("14 days")).toBeInTheDocument();
  });

  it("checks an edit's moments against the term's others before sending", async () => {
    const { api } = setup([spring]);
    const user = userEvent.setup();
    await act(user, "Edit Spring 2027");
    const d = await screen.findByRole("dialog", { name: "Edit Spring 2027" });
    fireEvent.change(within(d).getByLabelText("Revisions close"), { target: { value: "2027-01-01T12:00" } });
    await user.click(within(d).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(within(d).getByLabelText("Revisions close")).toHaveAccessibleDescription(
        expect.stringContaining(MSG.revisionsBeforeOpen),
      ),
    );
    expect(api.calls.filter((c) => c.method === "PATCH")).toEqual([]);
  });
});

describe("Terms: make current and delete", () => {
  it("makes a term current after confirmation", async () => {
    const { api, list } = setup([spring, autumn], {
      [`POST /api/terms/${autumn.id}/current`]: () => {
        list[0] = { ...list[0], current: false };
        list[1] = { ...list[1], current: true };
        return { body: { term: list[1] } };
      },
    });
    const user = userEvent.setup();
    // The current term has no "Make current".
    const row = await rowOf("Spring 2027");
    expect(within(row).getByRole("button", { name: "Edit Spring 2027" })).toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: /current/ })).not.toBeInTheDocument();
    await act(user, "Make Autumn 2026 current");
    const d = await screen.findByRole("dialog", { name: "Make Autumn 2026 current?" });
    await user.click(within(d).getByRole("button", { name: "Make current" }));
    expect(await screen.findByText(MSG.termMadeCurrent("Autumn 2026"))).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === "POST" && c.path.endsWith("/current"))).toBe(true);
    expect(within(await rowOf("Autumn 2026")).getByText("Current")).toBeInTheDocument();
  });

  it("shows the server's reason when a delete is refused (the term gained proposals meanwhile)", async () => {
    setup([spring, autumn], {
      [`DELETE /api/terms/${autumn.id}`]: () => ({
        status: 409,
        body: { error: { code: "CONFLICT", message: MSG.termHasProposals } },
      }),
    });
    const user = userEvent.setup();
    await act(user, "Delete Autumn 2026");
    const d = await screen.findByRole("dialog", { name: "Delete Autumn 2026?" });
    await user.click(within(d).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(MSG.termHasProposals)).toBeInTheDocument();
    expect(await rowOf("Autumn 2026")).toBeInTheDocument();
  });

  it("deletes a term: 'Term deleted.' and it leaves the list", async () => {
    const { list } = setup([spring, autumn], {
      [`DELETE /api/terms/${autumn.id}`]: () => {
        list.splice(1, 1);
        return NO_CONTENT;
      },
    });
    const user = userEvent.setup();
    await act(user, "Delete Autumn 2026");
    await user.click(
      within(await screen.findByRole("dialog", { name: "Delete Autumn 2026?" })).getByRole("button", {
        name: "Delete",
      }),
    );
    expect(await screen.findByText(MSG.termDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("row", { name: /Autumn 2026/ })).not.toBeInTheDocument());
  });
});

describe("Terms: places", () => {
  it("shows the current term's places first, and another term's when its Places is chosen", async () => {
    setup(
      [spring, autumn],
      {},
      {
        [spring.id]: [load(1, { capacity: 4 })],
        [autumn.id]: [load(2, { name: "Grace Hopper", capacity: 2, override: true })],
      },
    );
    expect(await screen.findByRole("heading", { name: "Places in Spring 2027" })).toBeInTheDocument();
    const user = userEvent.setup();
    await act(user, "Places in Autumn 2026");
    const heading = await screen.findByRole("heading", { name: "Places in Autumn 2026" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByRole("row", { name: /Grace Hopper/ })).toBeInTheDocument();
  });
});
