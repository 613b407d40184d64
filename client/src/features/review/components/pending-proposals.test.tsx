import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PendingProposals } from "./pending-proposals";

const supervisor = testUser({ role: "supervisor", name: "Prof. Ada", studentId: null });

const proposal = (o: Partial<ProposalSummary> = {}): ProposalSummary => ({
  id: "11111111-1111-4111-8111-111111111111",
  title: "Graph neural networks for phishing",
  excerpt: "We detect phishing websites.",
  type: "Thesis",
  status: "Pending",
  researchCell: { id: "c1", title: "Security" },
  supervisor: { id: supervisor.id, name: "Prof. Ada", email: "ada@uni.example" },
  createdBy: { id: "s1", name: "Tanvir Hasan" },
  members: [
    { id: "s1", name: "Tanvir Hasan", studentId: "S1", position: 0 },
    { id: "s2", name: "Mei Lin", studentId: "S2", position: 1 },
  ],
  createdAt: "2025-03-01T10:00:00.000Z",
  feedback: null,
  reviewedAt: null,
  reviewedBy: null,
  ...o,
});

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

afterEach(() => vi.unstubAllGlobals());

function setup(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(routes);
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<PendingProposals />, { user: supervisor, path: "/supervisor/requests" });
  return api;
}

describe("Pending proposals", () => {
  it("asks for the Pending proposals oldest first and lists them", async () => {
    const api = setup({ "GET /api/proposals": () => ({ body: { items: [proposal()], total: 1 } }) });
    expect(await screen.findByText("Graph neural networks for phishing")).toBeInTheDocument();
    expect(screen.getByText("Tanvir Hasan, Mei Lin")).toBeInTheDocument();
    expect(screen.getByText("Security")).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/proposals"]);
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
