import { fakeApi, renderScreen, testUser } from "@client/test/render";
import type { SupervisorDashboard } from "@shared/schemas/supervisor";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SupervisorDashboardStats } from "./supervisor-dashboard";

const supervisor = testUser({ role: "supervisor", studentId: null });

const data: SupervisorDashboard = {
  counts: { thesisGroups: 2, projectGroups: 1, totalGroups: 3, researchCells: 1 },
  groups: [
    {
      id: "g1",
      title: "Phishing with GNNs",
      type: "Thesis",
      status: "Pending",
      createdAt: "2025-03-01T10:00:00.000Z",
      researchCell: { id: "c1", title: "Security" },
      members: [
        { id: "s1", name: "Tanvir Hasan" },
        { id: "s2", name: null },
      ],
    },
    {
      id: "g2",
      title: "Exam proctoring",
      type: "Thesis",
      status: "Denied",
      createdAt: "2025-02-01T10:00:00.000Z",
      researchCell: null,
      members: [{ id: "s3", name: "Ravi Kumar" }],
    },
    {
      id: "g3",
      title: "Campus navigation app",
      type: "Project",
      status: "Approved",
      createdAt: "2025-01-01T10:00:00.000Z",
      researchCell: { id: "c1", title: "Security" },
      members: [{ id: "s4", name: "Omar Farouk" }],
    },
  ],
  cells: [{ id: "c1", title: "Security", description: "Systems and network security." }],
};

afterEach(() => vi.unstubAllGlobals());

function setup(status = 200, body: unknown = data) {
  vi.stubGlobal("fetch", fakeApi({ "GET /api/supervisor/dashboard": () => ({ status, body }) }).fetch);
  renderScreen(<SupervisorDashboardStats />, { user: supervisor });
}

describe("Supervisor dashboard", () => {
  it("shows the four counts and the pending summary", async () => {
    setup();
    expect(await screen.findByRole("button", { name: "Thesis Groups: 2" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Project Groups: 1" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Total Groups: 3" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Research Cells: 1" })).toBeInTheDocument();
    expect(screen.getByText("1 proposal is waiting for your review.")).toBeInTheDocument();
  });

  it("each count opens a modal listing its groups with type, status and members ('Unknown' fallbacks)", async () => {
    setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Thesis Groups: 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Thesis Groups" });
    expect(within(dialog).getByText("Phishing with GNNs")).toBeInTheDocument();
    expect(within(dialog).getByText("Tanvir Hasan, Unknown")).toBeInTheDocument();
    expect(within(dialog).getByText("Exam proctoring")).toBeInTheDocument();
    expect(within(dialog).getByText("Unknown Cell")).toBeInTheDocument();
    expect(within(dialog).getByText("Denied")).toBeInTheDocument();
    expect(within(dialog).queryByText("Campus navigation app")).not.toBeInTheDocument();
  });

  it("Total Groups lists all; Research Cells lists title and description", async () => {
    setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Total Groups: 3" }));
    const total = await screen.findByRole("dialog", { name: "Total Groups" });
    expect(within(total).getAllByRole("listitem")).toHaveLength(3);
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Research Cells: 1" }));
    const cells = await screen.findByRole("dialog", { name: "Research Cells" });
    expect(within(cells).getByText("Security")).toBeInTheDocument();
    expect(within(cells).getByText("Systems and network security.")).toBeInTheDocument();
  });

  it("shows an empty list in the modal for a new supervisor", async () => {
    setup(200, {
      counts: { thesisGroups: 0, projectGroups: 0, totalGroups: 0, researchCells: 0 },
      groups: [],
      cells: [],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Project Groups: 0" }));
    expect(await screen.findByText("No groups yet.")).toBeInTheDocument();
    expect(screen.getByText("No proposals are waiting for your review.")).toBeInTheDocument();
  });

  it("shows an error when the dashboard cannot load", async () => {
    setup(500, { error: { code: "INTERNAL", message: "x" } });
    expect(
      await screen.findByText("The dashboard could not be loaded. Please try again."),
    ).toBeInTheDocument();
  });
});
