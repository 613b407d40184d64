import { makeMember, makeProposalSummary, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReviewHistory } from "./review-history";

const supervisor = testUser({ role: "supervisor", studentId: null });

const proposal = (o: Partial<ProposalSummary>): ProposalSummary =>
  makeProposalSummary({
    id: crypto.randomUUID(),
    title: "A proposal",
    excerpt: "Abstract.",
    type: "Project",
    status: "Approved",
    researchCell: null,
    supervisor: null,
    createdBy: null,
    members: [makeMember({ name: "Mei Lin" })],
    ...o,
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("Review history", () => {
  it("lists proposals by status with the feedback given, switching with the status control", async () => {
    const asked: string[] = [];
    const api = fakeApi({
      "GET /api/proposals": (_b, url) => {
        const status = url.searchParams.get("status") ?? "";
        asked.push(status);
        const items =
          status === "Approved"
            ? [
                proposal({
                  title: "Approved one",
                  feedback: "Great work.",
                  reviewedAt: "2025-03-05T10:00:00.000Z",
                }),
              ]
            : status === "Denied"
              ? [proposal({ title: "Denied one", status: "Denied", feedback: "Too broad." })]
              : [];
        return { body: { items, total: items.length } };
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ReviewHistory />, { user: supervisor });
    expect(await screen.findByText("Approved one")).toBeInTheDocument();
    expect(screen.getByText("Great work.")).toBeInTheDocument();
    // The title opens the proposal's page.
    expect(screen.getByRole("link", { name: "Approved one" }).getAttribute("href")).toMatch(
      /^\/supervisor\/proposals\//,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "Denied" }));
    expect(await screen.findByText("Denied one")).toBeInTheDocument();
    expect(screen.getByText("Too broad.")).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Pending" }));
    expect((await screen.findByText("No pending proposals")).closest("[data-empty-state]")).not.toBeNull();
    expect(asked).toEqual(["Approved", "Denied", "Pending"]);
  });

  it("says 'Failed to fetch proposals.' when the list cannot load", async () => {
    const api = fakeApi({
      "GET /api/proposals": () => ({ status: 500, body: { error: { code: "INTERNAL", message: "x" } } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ReviewHistory />, { user: supervisor });
    expect(await screen.findByText(MSG.fetchProposalsFailed)).toBeInTheDocument();
  });

  it("on a narrow screen shows each proposal as a card, its feedback in view", async () => {
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
    const api = fakeApi({
      "GET /api/proposals": () => ({
        body: {
          items: [
            proposal({
              title: "Approved one",
              feedback: "Great work.",
              reviewedAt: "2025-03-05T10:00:00.000Z",
            }),
            proposal({ title: "Approved two" }),
          ],
          total: 2,
        },
      }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ReviewHistory />, { user: supervisor });
    const list = await screen.findByRole("list", { name: "Approved proposals" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const first = within(list).getByRole("listitem", { name: "Approved one" });
    expect(within(first).getByText("Great work.")).toBeInTheDocument();
    expect(within(first).getByText("Mei Lin")).toBeInTheDocument();
    expect(within(first).getByText("Approved")).toBeInTheDocument();
    expect(
      within(within(list).getByRole("listitem", { name: "Approved two" })).getByText("No feedback given"),
    ).toBeInTheDocument();
  });

  it("asks for the chosen term; with All terms names each proposal's term; Overdue only on a Pending one past due", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-03-10T12:00:00.000Z"));
    const asked: (string | null)[] = [];
    const api = fakeApi({
      "GET /api/terms": () => ({ body: termsFixture() }),
      "GET /api/proposals": (_b, url) => {
        asked.push(url.searchParams.get("termId"));
        const items =
          url.searchParams.get("status") === "Pending"
            ? [proposal({ title: "Waiting", status: "Pending", reviewDueAt: "2025-03-09T00:00:00.000Z" })]
            : // Not Pending: never Overdue, whatever its date says.
              [
                proposal({
                  title: "Approved late",
                  term: {
                    id: "t0",
                    name: "Spring 2024",
                    mode: "direct",
                    committeeApproval: false,
                    revisionsCloseAt: null,
                  },
                  reviewDueAt: "2025-03-01T00:00:00.000Z",
                }),
              ];
        return { body: { items, total: items.length } };
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ReviewHistory termId="all" />, { user: supervisor });
    const approved = (await screen.findByText("Approved late")).closest("tr") as HTMLElement;
    expect(within(approved).getByText("Project · Spring 2024")).toBeInTheDocument();
    expect(screen.queryByText("Overdue")).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("radio", { name: "Pending" }));
    const waiting = (await screen.findByText("Waiting")).closest("tr") as HTMLElement;
    expect(within(waiting).getByText("Overdue")).toBeInTheDocument();
    expect(asked).toEqual(["all", "all"]);
  });
});
