import { proposal } from "@client/features/proposals/components/test-data";
import { termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen } from "@client/test/render";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import StudentProposalStatusPage from "./proposal-status";

const SPRING = "7e000000-0000-4000-8000-000000000100";
const DEFAULT_TERM = {
  id: "7e000000-0000-4000-8000-000000000001",
  name: "Default",
  mode: "direct" as const,
  committeeApproval: false,
  revisionsCloseAt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function setup(path = "/student/proposal-status") {
  const asked: (string | null)[] = [];
  vi.stubGlobal(
    "fetch",
    fakeApi({
      "GET /api/terms": () => ({ body: termsFixture({ others: [{ id: SPRING, name: "Spring 2024" }] }) }),
      "GET /api/proposals": (_b, url) => {
        const termId = url.searchParams.get("termId");
        asked.push(termId);
        const items =
          termId === SPRING
            ? []
            : [
                // Past its review's due date: the group is never shown Overdue.
                proposal({ title: "Ours", term: DEFAULT_TERM, reviewDueAt: "2025-03-08T10:00:00.000Z" }),
              ];
        return { body: { items, total: items.length } };
      },
    }).fetch,
  );
  const { router } = renderScreen(<StudentProposalStatusPage />, { path });
  return { asked, router, user: userEvent.setup() };
}

describe("Proposal Status page", () => {
  it("lists the current term's proposals, never Overdue; another term's follow the Term select and the address", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-03-10T12:00:00.000Z"));
    const { asked, router, user } = setup();
    const card = await screen.findByRole("article", { name: "Ours" });
    expect(within(card).getByText("Pending")).toBeInTheDocument();
    expect(screen.queryByText("Overdue")).not.toBeInTheDocument();
    // One term's list does not repeat the term on every card.
    expect(within(card).queryByText("Term")).not.toBeInTheDocument();

    const select = screen.getByRole("combobox", { name: "Term" });
    await waitFor(() => expect(select).toHaveValue("Default (current)"));
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "Spring 2024", hidden: true }));
    expect(await screen.findByText("No proposals in this term")).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?term=${SPRING}`);
    expect(asked).toEqual([null, SPRING]);
  });

  it("with All terms, each card names its term", async () => {
    const { asked } = setup("/student/proposal-status?term=all");
    const card = await screen.findByRole("article", { name: "Ours" });
    expect(within(card).getByText("Term")).toBeInTheDocument();
    expect(within(card).getByText("Default")).toBeInTheDocument();
    expect(asked).toEqual(["all"]);
  });
});
