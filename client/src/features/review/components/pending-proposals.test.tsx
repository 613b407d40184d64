import { makeMember, makeProposalSummary, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PendingProposals } from "./pending-proposals";

const supervisor = testUser({ role: "supervisor", name: "Prof. Ada", studentId: null });

const proposal = (o: Partial<ProposalSummary> = {}): ProposalSummary =>
  makeProposalSummary({
    supervisor: { id: supervisor.id, name: "Prof. Ada", email: "ada@uni.example" },
    members: [makeMember(), makeMember({ id: "s2", name: "Mei Lin", studentId: "S2", position: 1 })],
    ...o,
  });

afterEach(() => vi.unstubAllGlobals());

function setup(routes: Parameters<typeof fakeApi>[0], termId?: string) {
  // The terms carry the department's time zone, for the review's due date.
  const api = fakeApi({
    "GET /api/terms": () => ({ body: termsFixture({ timeZone: "Europe/Berlin" }) }),
    // What the review window shows beside the proposal: its versions and similar titles.
    "GET /api/proposals/11111111-1111-4111-8111-111111111111/versions": () => ({ body: { items: [] } }),
    "GET /api/proposals/similar": () => ({ body: { items: [] } }),
    ...routes,
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<PendingProposals termId={termId} />, { user: supervisor, path: "/supervisor/requests" });
  return api;
}

describe("Pending proposals", () => {
  it("asks for the Pending proposals oldest first and lists them", async () => {
    const api = setup({ "GET /api/proposals": () => ({ body: { items: [proposal()], total: 1 } }) });
    expect(await screen.findByText("Graph neural networks for phishing")).toBeInTheDocument();
    expect(screen.getByText("Tanvir Hasan, Mei Lin")).toBeInTheDocument();
    expect(screen.getByText("Security")).toBeInTheDocument();
    // The proposals, and the terms for the department's zone in which the dates are shown.
    expect(api.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      "GET /api/proposals",
      "GET /api/terms",
    ]);
  });

  it("sends status=Pending and order=oldest with paging", async () => {
    const seen: URL[] = [];
    setup({
      "GET /api/proposals": (_b, url) => {
        seen.push(url);
        return { body: { items: [proposal()], total: 1 } };
      },
    });
    await screen.findByText("Graph neural networks for phishing");
    expect(seen[0].searchParams.get("status")).toBe("Pending");
    expect(seen[0].searchParams.get("order")).toBe("oldest");
    expect(seen[0].searchParams.get("page")).toBe("1");
  });

  it("shows the empty state", async () => {
    setup({ "GET /api/proposals": () => ({ body: { items: [], total: 0 } }) });
    expect((await screen.findByText("No pending proposals")).closest("[data-empty-state]")).not.toBeNull();
  });

  it("says 'Failed to fetch pending proposals.' when the list cannot load", async () => {
    setup({
      "GET /api/proposals": () => ({ status: 500, body: { error: { code: "INTERNAL", message: "boom" } } }),
    });
    expect(await screen.findAllByText(MSG.fetchPendingFailed)).not.toHaveLength(0);
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("review modal shows the details; Approve with feedback succeeds and the proposal leaves the list", async () => {
    let pending = [proposal()];
    const api = setup({
      "GET /api/proposals": () => ({ body: { items: pending, total: pending.length } }),
      "POST /api/proposals/11111111-1111-4111-8111-111111111111/review": (body) => {
        pending = [];
        return {
          body: {
            proposal: {
              ...proposal(),
              status: "Approved",
              feedback: (body as { feedback: string }).feedback,
            },
          },
        };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Review/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("We detect phishing websites.")).toBeInTheDocument();
    expect(within(dialog).getByText("Tanvir Hasan, Mei Lin")).toBeInTheDocument();
    expect(within(dialog).getAllByText("Tanvir Hasan")).not.toHaveLength(0);
    expect(within(dialog).getByText("Security")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Feedback/), "Well scoped.");
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    // A confirmation step: what will happen, then Confirm. Nothing is sent before.
    const confirm = await within(dialog).findByRole("button", { name: "Confirm" });
    expect(confirm).toHaveAccessibleDescription(
      "Approve this proposal? It becomes Approved and the group is told.",
    );
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
    await user.click(confirm);
    expect(await screen.findByText(MSG.proposalReviewed("Approved"))).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      status: "Approved",
      feedback: "Well scoped.",
    });
    await waitFor(() =>
      expect(screen.queryByText("Graph neural networks for phishing")).not.toBeInTheDocument(),
    );
    expect(await screen.findByText("No pending proposals")).toBeInTheDocument();
  });

  it("Deny without feedback says so at the field and sends nothing; with feedback it is denied", async () => {
    const api = setup({
      "GET /api/proposals": () => ({ body: { items: [proposal()], total: 1 } }),
      "POST /api/proposals/11111111-1111-4111-8111-111111111111/review": () => ({
        body: { proposal: { ...proposal(), status: "Denied", feedback: "No." } },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Review/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Deny" }));
    expect(
      await within(dialog).findByText("Feedback is required when denying a proposal."),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
    await user.type(within(dialog).getByLabelText(/Feedback/), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Deny" }));
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
    await user.type(within(dialog).getByLabelText(/Feedback/), "Not feasible.");
    await user.click(within(dialog).getByRole("button", { name: "Deny" }));
    expect(await within(dialog).findByText(/^Deny this proposal\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText(MSG.proposalReviewed("Denied"))).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      status: "Denied",
      feedback: "Not feasible.",
    });
  });

  it("a proposal reviewed elsewhere (409) says so, closes the modal and refreshes the list", async () => {
    let gets = 0;
    setup({
      "GET /api/proposals": () => {
        gets++;
        return { body: gets === 1 ? { items: [proposal()], total: 1 } : { items: [], total: 0 } };
      },
      "POST /api/proposals/11111111-1111-4111-8111-111111111111/review": () => ({
        status: 409,
        body: { error: { code: "CONFLICT", message: "This proposal has already been reviewed." } },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Review/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    await user.click(await within(dialog).findByRole("button", { name: "Confirm" }));
    expect(
      await screen.findByText(MSG.updateStatusFailed("This proposal has already been reviewed.")),
    ).toBeInTheDocument();
    expect(await screen.findByText("No pending proposals")).toBeInTheDocument();
    expect(gets).toBeGreaterThanOrEqual(2);
  });

  it("Cancel closes the modal and sends nothing", async () => {
    const api = setup({ "GET /api/proposals": () => ({ body: { items: [proposal()], total: 1 } }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Review/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("links each title to the proposal's page", async () => {
    setup({ "GET /api/proposals": () => ({ body: { items: [proposal()], total: 1 } }) });
    expect(await screen.findByRole("link", { name: "Graph neural networks for phishing" })).toHaveAttribute(
      "href",
      "/supervisor/proposals/11111111-1111-4111-8111-111111111111",
    );
  });

  it("names its Actions column with visible text", async () => {
    setup({ "GET /api/proposals": () => ({ body: { items: [proposal()], total: 1 } }) });
    await screen.findByText("Graph neural networks for phishing");
    const headers = screen.getAllByRole("columnheader");
    expect(headers.at(-1)).toHaveTextContent("Actions");
    for (const h of headers) expect(h.textContent?.trim()).not.toBe("");
  });

  it("on a narrow screen shows each proposal as a card with its Review button in view", async () => {
    narrow();
    setup({
      "GET /api/proposals": () => ({
        body: { items: [proposal(), proposal({ id: "p2", title: "Campus navigation app" })], total: 2 },
      }),
    });
    const list = await screen.findByRole("list", { name: "Pending proposals" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const card = within(list).getByRole("listitem", { name: "Graph neural networks for phishing" });
    expect(within(card).getByText("Tanvir Hasan, Mei Lin")).toBeInTheDocument();
    expect(within(card).getByText(/by Tanvir Hasan · Thesis · Security/)).toBeInTheDocument();
    await userEvent.click(
      within(card).getByRole("button", { name: "Review Graph neural networks for phishing" }),
    );
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
  });
});

describe("Pending proposals: term and Overdue", () => {
  afterEach(() => vi.useRealTimers());

  it("sends the chosen term, and no termId for the current term", async () => {
    const seen: URL[] = [];
    setup(
      {
        "GET /api/proposals": (_b, url) => {
          seen.push(url);
          return { body: { items: [proposal()], total: 1 } };
        },
      },
      "all",
    );
    await screen.findByText("Graph neural networks for phishing");
    expect(seen[0].searchParams.get("termId")).toBe("all");
  });

  it("marks Overdue a Pending proposal past its review's due date, naming the date in the department's zone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-03-10T12:00:00.000Z"));
    setup({
      "GET /api/proposals": () => ({
        body: {
          items: [
            proposal({ id: "late", title: "Late one", reviewDueAt: "2025-03-08T10:00:00.000Z" }),
            proposal({ id: "soon", title: "Not yet due", reviewDueAt: "2025-03-11T10:00:00.000Z" }),
          ],
          total: 2,
        },
      }),
    });
    const late = (await screen.findByText("Late one")).closest("tr") as HTMLElement;
    const badge = within(late).getByText("Overdue").closest("[data-overdue]");
    const due = "review was due 8 March 2025, 11:00 (Europe/Berlin)";
    await waitFor(() => expect(badge).toHaveTextContent(`Overdue: ${due}`));
    expect(badge).toHaveAttribute("title", `Overdue: ${due}`);
    const soon = screen.getByText("Not yet due").closest("tr") as HTMLElement;
    expect(within(soon).queryByText("Overdue")).not.toBeInTheDocument();
    expect(screen.getAllByText("Overdue")).toHaveLength(1);
  });

  it("turns Overdue once the due moment has passed, not before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-03-08T09:59:59.000Z"));
    setup({
      "GET /api/proposals": () => ({
        body: { items: [proposal({ reviewDueAt: "2025-03-08T10:00:00.000Z" })], total: 1 },
      }),
    });
    await screen.findByText("Graph neural networks for phishing");
    expect(screen.queryByText("Overdue")).not.toBeInTheDocument();
  });

  it("shows Overdue on the card on a narrow screen and in the review modal, with the due date", async () => {
    narrow();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-03-10T12:00:00.000Z"));
    setup({
      "GET /api/proposals": () => ({
        body: { items: [proposal({ reviewDueAt: "2025-03-08T10:00:00.000Z" })], total: 1 },
      }),
    });
    const card = await screen.findByRole("listitem", { name: "Graph neural networks for phishing" });
    expect(within(card).getByText("Overdue")).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: /^Review/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Overdue")).toBeInTheDocument();
    expect(within(dialog).getByText("Default")).toBeInTheDocument();
    expect(await within(dialog).findByText("8 March 2025, 11:00 (Europe/Berlin)")).toBeInTheDocument();
  });
});

/** Narrow: the media query that switches the tables to cards matches. */
function narrow() {
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
}
