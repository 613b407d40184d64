import { makeProposalSummary, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import type { ProposalStatus } from "@shared/enums";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GroupsBoard } from "./groups-board";

const supervisor = testUser({ role: "supervisor", name: "Prof. Ada", studentId: null });

const proposal = (id: string, title: string, status: ProposalStatus, o: Partial<ProposalSummary> = {}) =>
  makeProposalSummary({
    id,
    title,
    excerpt: "",
    status,
    supervisor: { id: supervisor.id, name: "Prof. Ada", email: "ada@uni.example" },
    term: { id: "t1", name: "Default", mode: "direct", committeeApproval: true, revisionsCloseAt: null },
    ...o,
  });

afterEach(() => vi.unstubAllGlobals());

function setup(byStatus: Partial<Record<ProposalStatus, ProposalSummary[]>>) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    fakeApi({
      "GET /api/terms": () => ({ body: termsFixture() }),
      "GET /api/proposals": (_b, url) => {
        asked.push(url.searchParams);
        const items = byStatus[url.searchParams.get("status") as ProposalStatus] ?? [];
        return { body: { items, total: items.length, capped: false } };
      },
    }).fetch,
  );
  renderScreen(<GroupsBoard />, { user: supervisor, path: "/supervisor/groups" });
  return asked;
}

describe("Groups", () => {
  it("lists every state's groups, Pending first and oldest first, an overdue one marked, each title opening its page", async () => {
    const asked = setup({
      Pending: [
        proposal("p1", "Late review", "Pending", { reviewDueAt: "2020-01-01T00:00:00.000Z" }),
        proposal("p2", "Fresh one", "Pending", { reviewDueAt: "2999-01-01T00:00:00.000Z" }),
      ],
      "Changes requested": [proposal("p3", "Needs work", "Changes requested")],
      "Awaiting committee": [proposal("p4", "With the committee", "Awaiting committee")],
      Withdrawn: [proposal("p5", "Given up", "Withdrawn")],
    });
    const headings = await screen.findAllByRole("heading", { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([
      "Pending",
      "Changes requested",
      "Awaiting committee",
      "Withdrawn",
    ]);
    const pending = screen.getByRole("table", { name: "Pending groups" });
    expect(
      within(pending)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.querySelector("a")?.textContent),
    ).toEqual(["Late review", "Fresh one"]);
    expect(within(pending).getAllByText("Overdue")).toHaveLength(1);
    expect(screen.getByRole("link", { name: "With the committee" })).toHaveAttribute(
      "href",
      "/supervisor/proposals/p4",
    );
    // Every state asked once, Pending oldest first and the others newest first.
    const order = Object.fromEntries(asked.map((q) => [q.get("status"), q.get("order")]));
    expect(order).toEqual({
      Pending: "oldest",
      "Changes requested": "newest",
      "Awaiting committee": "newest",
      Approved: "newest",
      Denied: "newest",
      Withdrawn: "newest",
    });
    // The counts on top: a state with groups leads to its list.
    const counts = screen.getByRole("navigation", { name: "Groups by state" });
    expect(within(counts).getByRole("link", { name: /Pending\s*2/ })).toHaveAttribute(
      "href",
      "#groups-pending",
    );
    expect(within(counts).queryByRole("link", { name: /Approved/ })).toBeNull();
  });

  it("says so when the term has no groups", async () => {
    setup({});
    expect(await screen.findByText("No groups in this term")).toBeInTheDocument();
  });
});
