import { termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CurrentProposal } from "./current-proposal";
import { ProposalStatusList, STATUS_PAGE_SIZE } from "./proposal-status-list";
import { SubmitProposal } from "./submit-proposal";
import { proposal } from "./test-data";

afterEach(() => {
  vi.unstubAllGlobals();
  // Notifications live in a module-level store: one test's toasts must not show in the next.
  notifications.clean();
});

function stub(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({
    "GET /api/terms": () => ({ body: termsFixture() }),
    "GET /api/invitations": () => ({ body: { items: [] } }),
    ...routes,
  });
  vi.stubGlobal("fetch", api.fetch);
  return api;
}
const list =
  (items: ReturnType<typeof proposal>[], total = items.length) =>
  () => ({ body: { items, total } });

describe("Proposal Status", () => {
  it("shows each proposal with its badge colour, people, dates and, once reviewed, the feedback", async () => {
    stub({
      "GET /api/proposals": list([
        proposal({ id: "p1", title: "Pending one" }),
        proposal({
          id: "p2",
          title: "Approved one",
          status: "Approved",
          feedback: "Well scoped. Start with the survey.",
          reviewedAt: "2025-03-05T09:00:00.000Z",
        }),
        proposal({
          id: "p3",
          title: "Denied one",
          status: "Denied",
          feedback: "Too broad.",
          reviewedAt: null,
        }),
      ]),
    });
    renderScreen(<ProposalStatusList />);
    const pending = await screen.findByRole("article", { name: "Pending one" });
    const approved = screen.getByRole("article", { name: "Approved one" });
    const denied = screen.getByRole("article", { name: "Denied one" });

    const badge = (el: HTMLElement, status: string) => within(el).getByText(status).closest("[data-status]");
    expect(badge(pending, "Pending")).toHaveStyle({ "--badge-bg": "var(--mantine-color-yellow-filled)" });
    expect(badge(approved, "Approved")).toHaveStyle({ "--badge-bg": "var(--mantine-color-green-filled)" });
    expect(badge(denied, "Denied")).toHaveStyle({ "--badge-bg": "var(--mantine-color-red-filled)" });

    expect(within(pending).getByText("Thesis")).toBeInTheDocument();
    expect(within(pending).getByText("Machine Learning")).toBeInTheDocument();
    expect(within(pending).getByText("Prof. Ayesha Rahman")).toBeInTheDocument();
    expect(within(pending).getByText("Tanvir Hasan, Mei Lin")).toBeInTheDocument();
    expect(within(pending).queryByText("Supervisor's feedback")).toBeNull();

    expect(within(approved).getByText("Well scoped. Start with the survey.")).toBeInTheDocument();
    expect(within(approved).getByText("Reviewed")).toBeInTheDocument();
    expect(within(denied).getByText("Too broad.")).toBeInTheDocument();
    // A review without a date says N/A.
    expect(within(denied).getByText(MSG.notAvailable)).toBeInTheDocument();
    expect(within(pending).getByRole("link", { name: "Pending one" })).toHaveAttribute(
      "href",
      "/student/proposals/p1",
    );
  });

  it("falls back to 'Unknown Cell' and 'Unknown' when a lookup has nothing", async () => {
    stub({ "GET /api/proposals": list([proposal({ researchCell: null, supervisor: null })]) });
    renderScreen(<ProposalStatusList />);
    expect(await screen.findByText(MSG.unknownCell)).toBeInTheDocument();
    expect(screen.getByText(MSG.unknown)).toBeInTheDocument();
  });

  it("shows an empty state with a way to submit", async () => {
    stub({ "GET /api/proposals": list([]) });
    renderScreen(<ProposalStatusList />);
    // The shared empty state, as on every empty list.
    expect((await screen.findByText("No proposals yet")).closest("[data-empty-state]")).not.toBeNull();
    expect(screen.getByRole("link", { name: "Submit a proposal" })).toHaveAttribute(
      "href",
      "/student/proposal",
    );
  });

  it("says 'Failed to fetch proposals.' and offers to try again", async () => {
    let fail = true;
    stub({
      "GET /api/proposals": () =>
        fail
          ? { status: 500, body: { error: { code: "INTERNAL", message: "boom" } } }
          : { body: { items: [proposal({ title: "Back again" })], total: 1 } },
    });
    renderScreen(<ProposalStatusList />);
    expect(await screen.findByText(MSG.fetchProposalsFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Back again")).toBeInTheDocument();
  });

  it("pages on the server", async () => {
    const seen: string[] = [];
    stub({
      "GET /api/proposals": (_b, url) => {
        seen.push(url.search);
        const page = Number(url.searchParams.get("page"));
        return {
          body: { items: [proposal({ id: `p${page}`, title: `Page ${page}` })], total: STATUS_PAGE_SIZE + 1 },
        };
      },
    });
    renderScreen(<ProposalStatusList />);
    await screen.findByText("Page 1");
    await userEvent.click(screen.getByRole("button", { name: "2" }));
    expect(await screen.findByText("Page 2")).toBeInTheDocument();
    expect(seen).toEqual([`?page=1&pageSize=${STATUS_PAGE_SIZE}`, `?page=2&pageSize=${STATUS_PAGE_SIZE}`]);
  });
});

describe("Submit Proposal page and dashboard card", () => {
  it("shows the active proposal and no form to a student who already has one", async () => {
    stub({
      "GET /api/proposals": list([
        proposal({ title: "Our thesis", status: "Approved" }),
        proposal({ id: "old", status: "Denied" }),
      ]),
    });
    renderScreen(<SubmitProposal />);
    expect(await screen.findByText("Our thesis")).toBeInTheDocument();
    expect(screen.getByText("You are already in an active proposal")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Submit Proposal" })).toBeNull();
    expect(screen.getByRole("link", { name: "Go to Proposal Status" })).toHaveAttribute(
      "href",
      "/student/proposal-status",
    );
  });

  it("shows the form when the student's proposals are all Denied", async () => {
    stub({
      "GET /api/proposals": list([proposal({ status: "Denied" })]),
      "GET /api/research-cells": () => ({ body: { items: [] } }),
      "GET /api/students": () => ({ body: { items: [] } }),
    });
    renderScreen(<SubmitProposal />);
    expect(await screen.findByRole("button", { name: "Submit Proposal" })).toBeInTheDocument();
  });

  it("dashboard: the current proposal with its status, or a link to submit one", async () => {
    stub({ "GET /api/proposals": list([proposal({ title: "Current work" })]) });
    const first = renderScreen(<CurrentProposal />);
    expect(await screen.findByText("Current work")).toBeInTheDocument();
    expect(screen.getByText("Pending")).toBeInTheDocument();
    first.unmount();

    stub({ "GET /api/proposals": list([]) });
    renderScreen(<CurrentProposal />);
    expect((await screen.findByText("No active proposal")).closest("[data-empty-state]")).not.toBeNull();
    expect(await screen.findByRole("link", { name: "Submit a proposal" })).toHaveAttribute(
      "href",
      "/student/proposal",
    );
  });
});
