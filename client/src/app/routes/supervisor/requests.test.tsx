import { makeProposalSummary, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import SupervisorRequestsPage from "./requests";

const supervisor = testUser({ role: "supervisor", name: "Prof. Ada", studentId: null });
const SPRING = "7e000000-0000-4000-8000-000000000100";

const proposal = (o: Partial<ProposalSummary> = {}): ProposalSummary =>
  makeProposalSummary({
    supervisor: { id: supervisor.id, name: "Prof. Ada", email: "ada@uni.example" },
    term: {
      id: SPRING,
      name: "Spring 2024",
      mode: "direct",
      committeeApproval: false,
      revisionsCloseAt: null,
    },
    ...o,
  });

afterEach(() => vi.unstubAllGlobals());

describe("Requests page", () => {
  it("lists the current term's requests, then the chosen term's, keeping the term in the address", async () => {
    const asked: (string | null)[] = [];
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/terms": () => ({ body: termsFixture({ others: [{ id: SPRING, name: "Spring 2024" }] }) }),
        "GET /api/proposals": (_b, url) => {
          const termId = url.searchParams.get("termId");
          asked.push(termId);
          const items = termId === SPRING ? [proposal()] : [];
          return { body: { items, total: items.length } };
        },
      }).fetch,
    );
    const { router } = renderScreen(<SupervisorRequestsPage />, {
      user: supervisor,
      path: "/supervisor/requests",
    });
    expect(await screen.findByText("No pending proposals")).toBeInTheDocument();
    const user = userEvent.setup();
    const select = screen.getByRole("combobox", { name: "Term" });
    await waitFor(() => expect(select).toHaveValue("Default (current)"));
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "Spring 2024", hidden: true }));
    const table = await screen.findByRole("table", { name: "Pending proposals" });
    expect(within(table).getByText("Graph neural networks for phishing")).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?term=${SPRING}`);
    expect(asked).toEqual([null, SPRING]);
  });

  it("with All terms, names each proposal's term", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/terms": () => ({ body: termsFixture() }),
        "GET /api/proposals": () => ({ body: { items: [proposal()], total: 1 } }),
      }).fetch,
    );
    renderScreen(<SupervisorRequestsPage />, { user: supervisor, path: "/supervisor/requests?term=all" });
    expect(await screen.findByText("by Tanvir Hasan · Spring 2024")).toBeInTheDocument();
  });
});
