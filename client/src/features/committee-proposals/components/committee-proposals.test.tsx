import { makeCell, makeMember, makeProposalSummary, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import type { Cell } from "@shared/schemas/cells";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommitteeProposals } from "./committee-proposals";

afterEach(() => vi.unstubAllGlobals());

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });
const SPRING = "7e000000-0000-4000-8000-000000000100";
const ML = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const NET = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const AYESHA = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const KENJI = "dddddddd-dddd-4ddd-8ddd-dddddddddddd";

const cell = (id: string, title: string, supervisors: { id: string; name: string }[]): Cell =>
  makeCell({
    id,
    title,
    description: "D.",
    supervisorCount: supervisors.length,
    supervisors: supervisors.map((s) => ({ ...s, email: `${s.id}@uni.example` })),
  });

const CELLS = [
  cell(ML, "Machine Learning", [{ id: AYESHA, name: "Prof. Ayesha Rahman" }]),
  cell(NET, "Networks", [{ id: KENJI, name: "Dr. Kenji Watanabe" }]),
];

const proposal = (i: number, o: Partial<ProposalSummary> = {}): ProposalSummary =>
  makeProposalSummary({
    id: `11111111-1111-4111-8111-${String(i).padStart(12, "0")}`,
    title: `Proposal ${i}`,
    excerpt: "A.",
    researchCell: { id: ML, title: "Machine Learning" },
    supervisor: { id: AYESHA, name: "Prof. Ayesha Rahman", email: "a@uni.example" },
    members: [
      makeMember({ studentId: "S-1" }),
      makeMember({ id: "s2", name: "Mei Lin", studentId: "S-2", position: 1, state: "invited" }),
    ],
    term: { id: "t1", name: "Default", mode: "direct", committeeApproval: false, revisionsCloseAt: null },
    reviewDueAt: "2025-03-08T10:00:00.000Z",
    ...o,
  });

function setup(
  path = "/committee/proposals",
  answer: (url: URL) => { status?: number; body: unknown } = () => ({
    body: { items: [proposal(1)], total: 1, capped: false },
  }),
) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    fakeApi({
      "GET /api/terms": () => ({ body: termsFixture({ others: [{ id: SPRING, name: "Spring 2024" }] }) }),
      "GET /api/research-cells": () => ({ body: { items: CELLS } }),
      "GET /api/proposals": (_b, url) => {
        asked.push(url.searchParams);
        return answer(url);
      },
    }).fetch,
  );
  const { router } = renderScreen(<CommitteeProposals />, { user: me, path });
  return { asked, router, user: userEvent.setup() };
}

const pick = async (user: ReturnType<typeof userEvent.setup>, name: string, option: string) => {
  await user.click(screen.getByRole("combobox", { name }));
  await user.click(await screen.findByRole("option", { name: option, hidden: true }));
};

describe("Committee Proposals", () => {
  it("lists the current term's proposals: title linked to its page, status, overdue, cell, supervisor, group, submitted", async () => {
    const { asked } = setup();
    const table = await screen.findByRole("table", { name: "Proposals" });
    const [, row] = within(table).getAllByRole("row");
    expect(within(row).getByRole("link", { name: "Proposal 1" })).toHaveAttribute(
      "href",
      "/committee/proposals/11111111-1111-4111-8111-000000000001",
    );
    expect(within(row).getByText("Pending")).toBeInTheDocument();
    // Due on 8 March 2025: long past.
    expect(within(row).getByText("Overdue")).toBeInTheDocument();
    expect(within(row).getByText("Machine Learning")).toBeInTheDocument();
    expect(within(row).getByText("Prof. Ayesha Rahman")).toBeInTheDocument();
    expect(within(row).getByText("Tanvir Hasan, Mei Lin (invited)")).toBeInTheDocument();
    expect(screen.getByText("Showing 1–1 of 1 proposal")).toBeInTheDocument();
    expect(asked[0].get("pageSize")).toBe("20");
    expect(asked[0].get("page")).toBe("1");
    expect(asked[0].has("termId")).toBe(false);
  });

  it("reads every filter from the address (a link from the dashboard) and sends it to the server", async () => {
    const { asked } = setup(
      `/committee/proposals?status=Changes%20requested&researchCellId=${ML}&supervisorId=${AYESHA}&termId=${SPRING}&q=graph&page=2`,
      () => ({ body: { items: [proposal(21)], total: 21, capped: false } }),
    );
    await screen.findByRole("link", { name: "Proposal 21" });
    const q = asked[0];
    expect(Object.fromEntries(q)).toMatchObject({
      status: "Changes requested",
      researchCellId: ML,
      supervisorId: AYESHA,
      termId: SPRING,
      q: "graph",
      page: "2",
      pageSize: "20",
    });
    expect(screen.getByRole("textbox", { name: "Search titles" })).toHaveValue("graph");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("Changes requested");
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Term" })).toHaveValue("Spring 2024"));
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Research cell" })).toHaveValue("Machine Learning"),
    );
    expect(screen.getByRole("combobox", { name: "Supervisor" })).toHaveValue("Prof. Ayesha Rahman");
    expect(screen.getByText("Showing 21–21 of 21 proposals")).toBeInTheDocument();
  });

  it("exports as CSV what its filters find: the same term, status, search, cell and supervisor", async () => {
    const { user } = setup(
      `/committee/proposals?status=Approved&researchCellId=${ML}&supervisorId=${AYESHA}&termId=${SPRING}&q=graph&page=2`,
    );
    const link = await screen.findByRole("link", { name: "Export CSV" });
    const href = () => new URL(link.getAttribute("href")!, "http://x");
    expect(href().pathname).toBe("/api/exports/proposals.csv");
    expect(Object.fromEntries(href().searchParams)).toEqual({
      q: "graph",
      status: "Approved",
      researchCellId: ML,
      supervisorId: AYESHA,
      termId: SPRING,
    });
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(Object.fromEntries(href().searchParams)).toEqual({ termId: SPRING }));
  });

  it("puts each chosen filter in the address and starts again on page one", async () => {
    const { router, user, asked } = setup("/committee/proposals?page=2", () => ({
      body: { items: [proposal(1)], total: 30, capped: false },
    }));
    await screen.findByRole("link", { name: "Proposal 1" });
    await pick(user, "Status", "Awaiting committee");
    await waitFor(() => expect(router.state.location.search).toBe("?status=Awaiting+committee"));
    await pick(user, "Research cell", "Networks");
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?status=Awaiting+committee&researchCellId=${NET}`),
    );
    // The supervisors offered are the chosen cell's.
    await user.click(screen.getByRole("combobox", { name: "Supervisor" }));
    const listbox = await screen.findByRole("listbox", { name: "Supervisor", hidden: true });
    expect(
      within(listbox)
        .getAllByRole("option", { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(["Dr. Kenji Watanabe"]);
    await user.click(within(listbox).getByRole("option", { name: "Dr. Kenji Watanabe", hidden: true }));
    await waitFor(() => expect(asked.at(-1)?.get("supervisorId")).toBe(KENJI));
    expect(asked.at(-1)?.get("status")).toBe("Awaiting committee");
    expect(asked.at(-1)?.get("page")).toBe("1");

    await user.type(screen.getByRole("textbox", { name: "Search titles" }), "sensor");
    await waitFor(() => expect(asked.at(-1)?.get("q")).toBe("sensor"));
    expect(new URLSearchParams(router.state.location.search).get("q")).toBe("sensor");

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.getByRole("textbox", { name: "Search titles" })).toHaveValue("");
  });

  it("offers every status, in the order of a proposal's life", async () => {
    const { user } = setup();
    await screen.findByRole("link", { name: "Proposal 1" });
    await user.click(screen.getByRole("combobox", { name: "Status" }));
    const listbox = await screen.findByRole("listbox", { name: "Status", hidden: true });
    expect(
      within(listbox)
        .getAllByRole("option", { hidden: true })
        .map((o) => o.textContent),
    ).toEqual([
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

  it("pages on the server, and says '1,000+' when the count is capped", async () => {
    const { user, asked, router } = setup("/committee/proposals", (url) => {
      const page = Number(url.searchParams.get("page"));
      return { body: { items: [proposal(page * 20 - 19)], total: 1000, capped: true } };
    });
    await screen.findByRole("link", { name: "Proposal 1" });
    expect(screen.getByText(/Showing 1–20 of 1,000\+ proposals/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await screen.findByRole("link", { name: "Proposal 21" });
    expect(asked.at(-1)?.get("page")).toBe("2");
    expect(router.state.location.search).toBe("?page=2");
    // The pages reach as far as a page may start: 1,000 / 20.
    expect(screen.getByRole("button", { name: "Page 50" })).toBeInTheDocument();
  });

  it("says when nothing matches the filters, and when the term has none", async () => {
    setup("/committee/proposals?status=Denied", () => ({ body: { items: [], total: 0, capped: false } }));
    expect(await screen.findByText("No proposals match these filters.")).toBeInTheDocument();
  });

  it("says when the term has no proposals yet", async () => {
    setup("/committee/proposals", () => ({ body: { items: [], total: 0, capped: false } }));
    expect(await screen.findByText("No proposals in this term yet.")).toBeInTheDocument();
  });

  it("says when the proposals cannot be loaded, with a way to try again", async () => {
    setup("/committee/proposals", () => ({
      status: 500,
      body: { error: { code: "INTERNAL", message: "Boom." } },
    }));
    expect(await screen.findByText("Failed to fetch proposals.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("shows cards on a narrow screen, each with its link, status and people", async () => {
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
    setup();
    const list = await screen.findByRole("list", { name: "Proposals" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const card = within(list).getByRole("listitem", { name: "Proposal 1" });
    expect(within(card).getByRole("link", { name: "Proposal 1" })).toBeInTheDocument();
    expect(within(card).getByText("Prof. Ayesha Rahman")).toBeInTheDocument();
    expect(within(card).getByText("Pending")).toBeInTheDocument();
  });
});
