import { applyLiveEvent } from "@client/lib/live-events";
import { makeProposalSummary, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { ACTIVE_STATUSES, type ProposalStatus, type ProposalType } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { ProposalList, ProposalSummary } from "@shared/schemas/proposals";
import type { SupervisorDashboard } from "@shared/schemas/supervisor";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GROUPS_PAGE_SIZE } from "../api/use-supervisor-groups";
import { SupervisorDashboardStats } from "./supervisor-dashboard";

const supervisor = testUser({ role: "supervisor", studentId: null });

const data: SupervisorDashboard = {
  counts: {
    thesisGroups: 2,
    projectGroups: 1,
    totalGroups: 3,
    pendingGroups: 2,
    overdueGroups: 1,
    researchCells: 1,
  },
  cells: [{ id: "c1", title: "Security", description: "Systems and network security." }],
};

const proposal = (
  id: string,
  title: string,
  type: ProposalType,
  status: ProposalStatus,
  o: Partial<ProposalSummary> = {},
): ProposalSummary =>
  makeProposalSummary({
    id,
    title,
    excerpt: "An abstract.",
    type,
    status,
    supervisor: { id: supervisor.id, name: supervisor.name, email: supervisor.email },
    createdBy: null,
    members: [],
    ...o,
  });

const phishing = proposal("g1", "Phishing with GNNs", "Thesis", "Pending", {
  // Out of position order on purpose: the list shows the creator (position 0) first.
  members: [
    { id: "s2", name: "", studentId: "S-2", position: 1, state: "accepted" },
    { id: "s1", name: "Tanvir Hasan", studentId: "S-1", position: 0, state: "accepted" },
  ],
});
const proctoring = proposal("g2", "Exam proctoring", "Thesis", "Approved", {
  researchCell: null,
  members: [{ id: "s3", name: "Ravi Kumar", studentId: "S-3", position: 0, state: "accepted" }],
});
const navigation = proposal("g3", "Campus navigation app", "Project", "Approved", {
  members: [{ id: "s4", name: "Omar Farouk", studentId: "S-4", position: 0, state: "accepted" }],
});
/** Denied: no group of the supervisor's any more, so in no count and no list. */
const oldIdea = proposal("g4", "Old idea", "Thesis", "Denied", {
  members: [{ id: "s5", name: "Lena Park", studentId: "S-5", position: 0, state: "accepted" }],
});
const ALL = [phishing, proctoring, navigation, oldIdea];

type ListHandler = (url: URL) => { status?: number; body: unknown };

/** GET /api/proposals as the server answers it: filtered by type and active, paged by page and pageSize. */
const serveList =
  (items: ProposalSummary[]): ListHandler =>
  (url) => {
    const type = url.searchParams.get("type");
    const active = url.searchParams.get("active") === "true";
    const page = Number(url.searchParams.get("page") ?? 1);
    const pageSize = Number(url.searchParams.get("pageSize") ?? LIMITS.pageSizeDefault);
    const matching = items.filter(
      (p) => (!type || p.type === type) && (!active || ACTIVE_STATUSES.includes(p.status)),
    );
    const body: ProposalList = {
      items: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
      capped: false,
    };
    return { body };
  };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A stat card's button, by its name: its visible text in order, with a colon after the label. */
const stat = (label: string, value: number) => ({ name: `${label}: ${value} Click for details` });

function setup({
  status = 200,
  body = data,
  list = serveList(ALL),
  termId,
}: {
  status?: number;
  body?: unknown;
  list?: ListHandler;
  termId?: string;
} = {}) {
  const api = fakeApi({
    "GET /api/supervisor/dashboard": () => ({ status, body }),
    "GET /api/proposals": (_body, url) => list(url),
    "GET /api/terms": () => ({ body: termsFixture() }),
  });
  const urls: URL[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(new URL(String(input), "http://localhost"));
    return api.fetch(input, init);
  });
  renderScreen(<SupervisorDashboardStats termId={termId} />, { user: supervisor });
  const requests = (path: string) =>
    urls.filter((u) => u.pathname === path).map((u) => Object.fromEntries(u.searchParams));
  const listRequests = () => requests("/api/proposals");
  return {
    user: userEvent.setup(),
    listRequests,
    dashboardRequests: () => requests("/api/supervisor/dashboard"),
  };
}

describe("Supervisor dashboard", () => {
  it("shows the four counts and the pending summary from the dashboard answer, and asks for no list", async () => {
    const { listRequests } = setup();
    expect(await screen.findByRole("button", stat("Thesis Groups", 2))).toBeInTheDocument();
    expect(screen.getByRole("button", stat("Project Groups", 1))).toBeInTheDocument();
    expect(screen.getByRole("button", stat("Total Groups", 3))).toBeInTheDocument();
    expect(screen.getByRole("button", stat("Research Cells", 1))).toBeInTheDocument();
    expect(screen.getByTestId("pending-summary")).toHaveTextContent(
      "2 proposals are waiting for your review.",
    );
    expect(screen.getByRole("link", { name: "Review requests" })).toHaveAttribute(
      "href",
      "/supervisor/requests",
    );
    expect(listRequests()).toEqual([]);
  });

  it("names each stat card by its visible text (label in name), with no aria-label of its own", async () => {
    setup();
    await screen.findByRole("button", stat("Thesis Groups", 2));
    // As axe's label-content-name-mismatch compares them: lower case, without punctuation.
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim();
    for (const label of ["Thesis Groups", "Project Groups", "Total Groups", "Research Cells"]) {
      const names: string[] = [];
      const card = screen.getByRole("button", {
        name: (accessible) => {
          if (accessible.startsWith(label)) names.push(accessible);
          return accessible.startsWith(label);
        },
      });
      const [name] = names;
      expect(card).not.toHaveAttribute("aria-label");
      expect(card).not.toHaveAttribute("aria-labelledby");
      expect(words(name)).toContain(words(label));
      // Everything the card shows, in order, is in its name: the label, the count and the hint.
      expect(words(name)).toBe(words(card.textContent ?? ""));
      expect(words(name)).toMatch(new RegExp(`^${words(label)} \\d+ click for details$`));
    }
  });

  it("says one proposal in the singular", async () => {
    setup({ body: { ...data, counts: { ...data.counts, pendingGroups: 1 } } });
    expect(await screen.findByText("1 proposal is waiting for your review.")).toBeInTheDocument();
  });

  it("Thesis Groups asks for the active Thesis proposals, newest first, when opened and lists the rows", async () => {
    const { user, listRequests } = setup();
    await user.click(await screen.findByRole("button", stat("Thesis Groups", 2)));
    const dialog = await screen.findByRole("dialog", { name: "Thesis Groups" });
    await within(dialog).findByText("Phishing with GNNs");
    expect(listRequests()).toEqual([
      { type: "Thesis", active: "true", order: "newest", page: "1", pageSize: String(GROUPS_PAGE_SIZE) },
    ]);
    const rows = within(dialog).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    // Title, type and status badges, members by position with the Unknown fallback, the cell.
    expect(within(rows[0]).getByText("Phishing with GNNs")).toBeInTheDocument();
    expect(within(rows[0]).getByText("Thesis")).toBeInTheDocument();
    expect(within(rows[0]).getByText("Pending")).toBeInTheDocument();
    expect(within(rows[0]).getByText(`Tanvir Hasan, ${MSG.unknown}`)).toBeInTheDocument();
    expect(within(rows[0]).getByText("Security")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Exam proctoring")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Approved")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Ravi Kumar")).toBeInTheDocument();
    expect(within(rows[1]).getByText(MSG.unknownCell)).toBeInTheDocument();
    expect(within(dialog).queryByText("Campus navigation app")).not.toBeInTheDocument();
    // A Denied proposal is no group: the count leaves it out, and so does the list.
    expect(within(dialog).queryByText("Old idea")).not.toBeInTheDocument();
    expect(within(dialog).queryByText("Denied")).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("Project Groups asks for the active Project proposals", async () => {
    const { user, listRequests } = setup();
    await user.click(await screen.findByRole("button", stat("Project Groups", 1)));
    const dialog = await screen.findByRole("dialog", { name: "Project Groups" });
    expect(await within(dialog).findByText("Campus navigation app")).toBeInTheDocument();
    expect(within(dialog).getByText("Omar Farouk")).toBeInTheDocument();
    expect(within(dialog).getByText("Approved")).toBeInTheDocument();
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(1);
    expect(listRequests()).toEqual([
      { type: "Project", active: "true", order: "newest", page: "1", pageSize: String(GROUPS_PAGE_SIZE) },
    ]);
  });

  it("Total Groups asks for the active proposals of either type and lists every group", async () => {
    const { user, listRequests } = setup();
    await user.click(await screen.findByRole("button", stat("Total Groups", 3)));
    const dialog = await screen.findByRole("dialog", { name: "Total Groups" });
    await within(dialog).findByText("Campus navigation app");
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(3);
    expect(within(dialog).queryByText("Old idea")).not.toBeInTheDocument();
    expect(listRequests()).toEqual([
      { active: "true", order: "newest", page: "1", pageSize: String(GROUPS_PAGE_SIZE) },
    ]);
  });

  it("shows a loader while the first page loads", async () => {
    let answer: (() => void) | undefined;
    const api = fakeApi({
      "GET /api/supervisor/dashboard": () => ({ body: data }),
      "GET /api/proposals": (_b, url) => serveList(ALL)(url),
    });
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith("/api/proposals")) await new Promise<void>((r) => (answer = r));
      return api.fetch(input, init);
    });
    renderScreen(<SupervisorDashboardStats />, { user: supervisor });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", stat("Total Groups", 3)));
    const dialog = await screen.findByRole("dialog", { name: "Total Groups" });
    expect(await within(dialog).findByLabelText("Loading groups")).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(await within(dialog).findByText("Phishing with GNNs")).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Loading groups")).not.toBeInTheDocument();
  });

  it("Load more asks for the next page and appends it; the button goes once all are shown", async () => {
    const many = Array.from({ length: GROUPS_PAGE_SIZE + 3 }, (_, i) =>
      proposal(`m${i}`, `Group ${i + 1}`, "Thesis", "Approved", {
        members: [{ id: `u${i}`, name: `Student ${i + 1}`, studentId: null, position: 0, state: "accepted" }],
      }),
    );
    const { user, listRequests } = setup({ list: serveList(many) });
    await user.click(await screen.findByRole("button", stat("Total Groups", 3)));
    const dialog = await screen.findByRole("dialog", { name: "Total Groups" });
    await within(dialog).findByText("Group 1");
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(GROUPS_PAGE_SIZE);
    expect(within(dialog).queryByText(`Group ${GROUPS_PAGE_SIZE + 1}`)).not.toBeInTheDocument();
    expect(within(dialog).getByText(`Showing ${GROUPS_PAGE_SIZE} of ${many.length}`)).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Load more" }));
    await within(dialog).findByText(`Group ${many.length}`);
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(many.length);
    expect(listRequests()).toEqual([
      { active: "true", order: "newest", page: "1", pageSize: String(GROUPS_PAGE_SIZE) },
      { active: "true", order: "newest", page: "2", pageSize: String(GROUPS_PAGE_SIZE) },
    ]);
    expect(within(dialog).queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("shows the load error when the list cannot be loaded, and tries again", async () => {
    let fail = true;
    const { user, listRequests } = setup({
      list: (url) =>
        fail ? { status: 500, body: { error: { code: "INTERNAL", message: "Boom." } } } : serveList(ALL)(url),
    });
    await user.click(await screen.findByRole("button", stat("Thesis Groups", 2)));
    const dialog = await screen.findByRole("dialog", { name: "Thesis Groups" });
    expect(await within(dialog).findByText(MSG.fetchProposalsFailed)).toBeInTheDocument();
    expect(within(dialog).queryByRole("listitem")).not.toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findByText("Phishing with GNNs")).toBeInTheDocument();
    expect(within(dialog).queryByText(MSG.fetchProposalsFailed)).not.toBeInTheDocument();
    expect(listRequests()).toHaveLength(2);
  });

  it("a live proposal event refreshes both the counts and the open list", async () => {
    let items = [phishing];
    let body = { ...data, counts: { ...data.counts, thesisGroups: 1 } };
    const api = fakeApi({
      "GET /api/supervisor/dashboard": () => ({ body }),
      "GET /api/proposals": (_b, url) => serveList(items)(url),
    });
    vi.stubGlobal("fetch", api.fetch);
    const { queryClient } = renderScreen(<SupervisorDashboardStats />, { user: supervisor });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", stat("Thesis Groups", 1)));
    const dialog = await screen.findByRole("dialog", { name: "Thesis Groups" });
    await within(dialog).findByText("Phishing with GNNs");

    items = [proctoring, phishing];
    body = data;
    applyLiveEvent(
      queryClient,
      { type: "proposal.submitted", proposalId: proctoring.id, title: proctoring.title, by: "Ravi Kumar" },
      supervisor.id,
    );
    expect(await within(dialog).findByText("Exam proctoring")).toBeInTheDocument();
    expect(await screen.findByRole("button", stat("Thesis Groups", 2))).toBeInTheDocument();
  });

  it("Research Cells lists the dashboard's cells without asking for proposals", async () => {
    const { user, listRequests } = setup();
    await user.click(await screen.findByRole("button", stat("Research Cells", 1)));
    const cells = await screen.findByRole("dialog", { name: "Research Cells" });
    expect(within(cells).getByText("Security")).toBeInTheDocument();
    expect(within(cells).getByText("Systems and network security.")).toBeInTheDocument();
    expect(listRequests()).toEqual([]);
  });

  it("shows an empty list in the modal for a new supervisor", async () => {
    const { user } = setup({
      body: {
        counts: {
          thesisGroups: 0,
          projectGroups: 0,
          totalGroups: 0,
          pendingGroups: 0,
          overdueGroups: 0,
          researchCells: 0,
        },
        cells: [],
      },
      list: serveList([]),
    });
    await user.click(await screen.findByRole("button", stat("Project Groups", 0)));
    expect((await screen.findByText("No groups yet.")).closest("[data-empty-state]")).not.toBeNull();
    expect(screen.getByText("No proposals are waiting for your review.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Review requests" })).not.toBeInTheDocument();
  });

  it("shows the overdue reviews, leading to the review queue of the same term", async () => {
    const { dashboardRequests } = setup({
      termId: "all",
      body: { ...data, counts: { ...data.counts, overdueGroups: 4 } },
    });
    const overdue = await screen.findByRole("link", { name: "Overdue reviews: 4 Open requests" });
    expect(overdue).toHaveAttribute("href", "/supervisor/requests?term=all");
    expect(screen.getByRole("link", { name: "Review requests" })).toHaveAttribute(
      "href",
      "/supervisor/requests?term=all",
    );
    expect(dashboardRequests()).toEqual([{ termId: "all" }]);
  });

  it("asks for the current term's counts by default, and the group lists follow the chosen term", async () => {
    const first = setup();
    expect(await screen.findByRole("link", { name: "Overdue reviews: 1 Open requests" })).toHaveAttribute(
      "href",
      "/supervisor/requests",
    );
    expect(first.dashboardRequests()).toEqual([{}]);
    cleanup();
    const { user, listRequests } = setup({ termId: "7e000000-0000-4000-8000-000000000001" });
    await user.click(await screen.findByRole("button", stat("Total Groups", 3)));
    await screen.findByRole("dialog", { name: "Total Groups" });
    await waitFor(() => expect(listRequests()).toHaveLength(1));
    expect(listRequests()[0].termId).toBe("7e000000-0000-4000-8000-000000000001");
  });

  it("marks Overdue a group still Pending past its review's due date", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-03-10T12:00:00.000Z"));
    const late = { ...phishing, reviewDueAt: "2025-03-09T12:00:00.000Z" };
    const { user } = setup({ list: serveList([late, proctoring]) });
    await user.click(await screen.findByRole("button", stat("Thesis Groups", 2)));
    const dialog = await screen.findByRole("dialog", { name: "Thesis Groups" });
    const rows = await within(dialog).findAllByRole("listitem");
    expect(within(rows[0]).getByText("Overdue")).toBeInTheDocument();
    expect(within(rows[1]).queryByText("Overdue")).not.toBeInTheDocument();
  });

  it("shows an error when the dashboard cannot load", async () => {
    setup({ status: 500, body: { error: { code: "INTERNAL", message: "x" } } });
    expect(
      await screen.findByText("The dashboard could not be loaded. Please try again."),
    ).toBeInTheDocument();
  });
});
