import { termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { counts } from "@client/test/status-counts";
import type { CommitteeDashboard } from "@shared/schemas/committee";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import CommitteeDashboardPage from "./dashboard";

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });

const data: CommitteeDashboard = {
  students: 20000,
  supervisors: 200,
  committee: 3,
  researchCells: 2,
  proposals: { byStatus: counts({ Pending: 5, Approved: 7, Denied: 1 }), total: 13, overdue: 2 },
  perCell: [
    { id: "c1", title: "Machine Learning", byStatus: counts({ Pending: 4, Approved: 6, Denied: 1 }) },
    { id: "c2", title: "Networks", byStatus: counts({ Pending: 1, Approved: 1, Denied: 0 }) },
  ],
  setup: { term: true, cells: true, teachers: true, assignments: true, students: true },
};

afterEach(() => vi.unstubAllGlobals());

const SPRING = "7e000000-0000-4000-8000-000000000100";

function setup(answer: { status?: number; body: unknown }, path = "/committee/dashboard") {
  const asked: (string | null)[] = [];
  const api = fakeApi({
    "GET /api/committee/dashboard": (_b, url) => {
      asked.push(url.searchParams.get("termId"));
      return answer;
    },
    "GET /api/terms": () => ({ body: termsFixture({ others: [{ id: SPRING, name: "Spring 2024" }] }) }),
  });
  vi.stubGlobal("fetch", api.fetch);
  const { router } = renderScreen(<CommitteeDashboardPage />, { user: me, path });
  return { api, asked, router };
}

describe("Committee dashboard", () => {
  it("welcomes the committee member by name and shows the figures", async () => {
    setup({ body: data });
    expect(screen.getByRole("heading", { name: "Welcome, Katherine Johnson" })).toBeInTheDocument();
    expect(await screen.findByRole("group", { name: "Students: 20000" })).toHaveTextContent("20,000");
    for (const name of [
      "Supervisors: 200",
      "Committee members: 3",
      "Research cells: 2",
      "Overdue reviews: 2",
    ]) {
      expect(screen.getByRole("group", { name })).toBeInTheDocument();
    }
    // The proposals' figures lead to the Proposals screen, filtered by their status and the term.
    expect(screen.getByRole("link", { name: "Proposals 13" })).toHaveAttribute(
      "href",
      "/committee/proposals",
    );
    expect(screen.getByRole("link", { name: "Pending 5" })).toHaveAttribute(
      "href",
      "/committee/proposals?status=Pending",
    );
    expect(screen.getByRole("link", { name: "Approved 7" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Denied 1" })).toBeInTheDocument();
    // Every status has its figure, in the order of a proposal's life.
    const figures = within(screen.getByRole("region", { name: "Proposals by status" }))
      .getAllByRole("link")
      .map((l) => l.textContent);
    expect(figures).toEqual([
      "Proposals13",
      "Awaiting members0",
      "Awaiting allocation0",
      "Pending5",
      "Changes requested0",
      "Awaiting committee0",
      "Approved7",
      "Denied1",
      "Withdrawn0",
    ]);
    // Awaiting committee leads to Approvals, of the current term (by its id).
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Awaiting committee 0" })).toHaveAttribute(
        "href",
        "/committee/approvals?termId=7e000000-0000-4000-8000-000000000001",
      ),
    );
    expect(screen.getByText("Proposals by status per research cell")).toBeInTheDocument();
    expect(screen.queryByText("No proposals yet.")).not.toBeInTheDocument();
  });

  it("keeps each figure's icon inside its card on a phone: shown from the xs breakpoint on", async () => {
    setup({ body: data });
    const card = await screen.findByRole("group", { name: "Supervisors: 200" });
    const icon = card.querySelector(".mantine-ThemeIcon-root");
    // Mantine's visibleFrom="xs": display none below 36em, where two cards share a phone's row.
    expect(icon).toHaveClass("mantine-visible-from-xs");
    expect(icon).toHaveAttribute("aria-hidden", "true");
  });

  it("says when there are no proposals to chart", async () => {
    setup({
      body: {
        ...data,
        proposals: { byStatus: counts({ Pending: 0, Approved: 0, Denied: 0 }), total: 0, overdue: 0 },
        perCell: [],
      },
    });
    expect((await screen.findByText("No proposals yet.")).closest("[data-empty-state]")).not.toBeNull();
  });

  it("offers every status to the export, in the order of a proposal's life", async () => {
    setup({ body: data });
    const status = await screen.findByRole("combobox", { name: "Status" });
    await userEvent.setup().click(status);
    const listbox = await screen.findByRole("listbox", { hidden: true, name: "Status" });
    const options = within(listbox).getAllByRole("option", { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual([
      "Awaiting members",
      "Awaiting allocation",
      "Pending",
      "Changes requested",
      "Awaiting committee",
      "Approved",
      "Denied",
      "Withdrawn",
    ]);
  });

  it("exports all proposals with the chosen filters", async () => {
    setup({ body: data });
    const user = userEvent.setup();
    const link = await screen.findByRole("link", { name: "Export CSV" });
    expect(link).toHaveAttribute("href", "/api/exports/proposals.csv");
    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Approved", hidden: true }));
    await waitFor(() => expect(link).toHaveAttribute("href", "/api/exports/proposals.csv?status=Approved"));
    await user.click(screen.getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Thesis", hidden: true }));
    await waitFor(() =>
      expect(link).toHaveAttribute("href", "/api/exports/proposals.csv?status=Approved&type=Thesis"),
    );
  });

  it("shows the current term's figures by default; another term's follow the Term select, in the address and the export", async () => {
    const { asked, router } = setup({ body: data });
    const select = await screen.findByRole("combobox", { name: "Term" });
    await waitFor(() => expect(select).toHaveValue("Default (current)"));
    await screen.findByRole("link", { name: "Proposals 13" });
    expect(asked).toEqual([null]);
    const user = userEvent.setup();
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "Spring 2024", hidden: true }));
    await waitFor(() => expect(asked).toEqual([null, SPRING]));
    expect(router.state.location.search).toBe(`?term=${SPRING}`);
    expect(screen.getByRole("link", { name: "Pending 5" })).toHaveAttribute(
      "href",
      `/committee/proposals?status=Pending&termId=${SPRING}`,
    );
    expect(screen.getByRole("link", { name: "Awaiting committee 0" })).toHaveAttribute(
      "href",
      `/committee/approvals?termId=${SPRING}`,
    );
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      `/api/exports/proposals.csv?termId=${SPRING}`,
    );
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "All terms", hidden: true }));
    await waitFor(() => expect(asked).toEqual([null, SPRING, "all"]));
    expect(router.state.location.search).toBe("?term=all");
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "Default (current)", hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("reads the term from the address, so a reload shows the same term", async () => {
    const { asked } = setup({ body: data }, "/committee/dashboard?term=all");
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Term" })).toHaveValue("All terms"));
    expect(asked).toEqual(["all"]);
    expect(await screen.findByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/exports/proposals.csv?termId=all",
    );
  });

  it("shows a new department its getting-started steps, those done ticked, each linked to its screen", async () => {
    setup({
      body: {
        ...data,
        setup: { term: true, cells: true, teachers: false, assignments: false, students: false },
      },
    });
    const list = await screen.findByRole("region", { name: "Getting started" });
    expect(list).toHaveTextContent("2 of 5 steps done");
    const steps = within(list).getAllByRole("listitem");
    expect(steps.map((s) => s.textContent?.split(" — ")[0])).toEqual([
      "Set up the term",
      "Add research cells",
      "Add teachers",
      "Assign teachers to research cells",
      "Add students",
    ]);
    expect(steps.map((s) => s.getAttribute("data-done"))).toEqual([
      "true",
      "true",
      "false",
      "false",
      "false",
    ]);
    expect(steps[0]).toHaveTextContent("— done");
    // A step to do links to the screen that does it; a done one has nothing left to open.
    expect(within(steps[0]).queryByRole("link")).toBeNull();
    expect(
      within(list)
        .getAllByRole("link")
        .map((l) => [l.textContent, l.getAttribute("href")]),
    ).toEqual([
      ["Open All Teachers", "/committee/all-teachers"],
      ["Open Cell Members", "/committee/cell-members"],
      ["Import students", "/committee/import?role=student"],
    ]);
  });

  it("hides the getting-started list once every step is done", async () => {
    setup({ body: data });
    await screen.findByRole("link", { name: "Proposals 13" });
    expect(screen.queryByRole("region", { name: "Getting started" })).toBeNull();
  });

  it("shows a failure with a way to try again", async () => {
    setup({ status: 500, body: { error: { code: "INTERNAL", message: "Boom." } } });
    const alert = await screen.findByText("The dashboard figures could not be loaded.");
    expect(within(alert.closest("[role=alert]") ?? document.body).getByText("Boom.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
