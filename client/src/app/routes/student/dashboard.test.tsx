import { makeMember, makeProposalSummary, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import StudentDashboard, { isFirstVisit } from "./dashboard";

afterEach(() => vi.unstubAllGlobals());

const DAY = 24 * 3600 * 1000;

const proposal = (createdAt: string): ProposalSummary =>
  makeProposalSummary({
    id: "p1",
    excerpt: "A.",
    status: "Approved",
    researchCell: null,
    supervisor: null,
    createdBy: null,
    // The signed-in student (testUser()) is in its group.
    members: [makeMember({ id: testUser().id, name: "Mei Lin", studentId: "S-1" })],
    createdAt,
  });

function setup(createdAt: string, items: ProposalSummary[] = []) {
  const api = fakeApi({
    "GET /api/terms": () => ({ body: termsFixture() }),
    "GET /api/proposals": () => ({ body: { items, total: items.length, capped: false } }),
    "GET /api/notices": () => ({ body: { items: [], total: 0, capped: false, unread: 0 } }),
    "GET /api/invitations": () => ({ body: { items: [] } }),
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<StudentDashboard />, {
    user: testUser({ name: "Mei Lin", createdAt }),
    path: "/student/dashboard",
  });
  return api;
}

describe("Student dashboard greeting", () => {
  it("greets a student who registered today without 'back'", async () => {
    setup(new Date().toISOString());
    expect(await screen.findByText("No active proposal")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Hi Mei Lin, welcome to ThesisDesk!");
    expect(screen.queryByText(/welcome back/i)).not.toBeInTheDocument();
  });

  it("shows the current term's submission window", async () => {
    setup(new Date().toISOString());
    const card = await screen.findByRole("region", { name: "Submission window" });
    await waitFor(() => expect(card).toHaveTextContent("Submissions are open for Default."));
  });

  it("still says 'welcome' to a student registered today who was named in a proposal today", async () => {
    setup(new Date().toISOString(), [proposal(new Date().toISOString())]);
    await screen.findByText("Graph neural networks for phishing");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Hi Mei Lin, welcome to ThesisDesk!");
  });

  it("welcomes a student back on a later day", () => {
    setup(new Date(Date.now() - 3 * DAY).toISOString());
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Hi Mei Lin, welcome back to ThesisDesk!",
    );
  });

  it("welcomes back a student whose proposal is older than their account's day (loaded data)", async () => {
    setup(new Date().toISOString(), [proposal(new Date(Date.now() - 10 * DAY).toISOString())]);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Hi Mei Lin, welcome back to ThesisDesk!" }),
    ).toBeInTheDocument();
  });

  it("counts days in the student's own time zone", () => {
    const now = new Date(2025, 2, 10, 0, 30);
    expect(isFirstVisit(new Date(2025, 2, 10, 0, 5).toISOString(), [], now)).toBe(true);
    expect(isFirstVisit(new Date(2025, 2, 9, 23, 55).toISOString(), [], now)).toBe(false);
    expect(
      isFirstVisit(new Date(2025, 2, 10, 0, 5).toISOString(), [new Date(2025, 2, 9, 12).toISOString()], now),
    ).toBe(false);
  });
});
