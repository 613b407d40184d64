import { notifications } from "@mantine/notifications";
import type { Proposal } from "@shared/schemas/proposals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ID, lifeProposal, PEOPLE } from "./test-data";
import { renderPage } from "./test-render";

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const invited = lifeProposal({
  status: "Awaiting members",
  document: { id: "f2", name: "current.pdf", size: 2048 },
  members: [
    ...lifeProposal().members,
    { id: PEOPLE.invitee.id, name: "Carol Invitee", studentId: "S-C", position: 2, state: "invited" },
  ],
});
const accepted = lifeProposal({
  ...invited,
  members: invited.members.map((m) => (m.id === PEOPLE.invitee.id ? { ...m, state: "accepted" } : m)),
  status: "Pending",
});
const notFound = () => ({ status: 404, body: { error: { code: "NOT_FOUND", message: "Not found." } } });
/** As the server answers an invitee (DESIGN.md §9): no timeline, no versions. */
const closedToInvitees = {
  [`GET /api/proposals/${ID}/versions`]: notFound,
  [`GET /api/proposals/${ID}/timeline`]: notFound,
};
const asked = (api: { calls: { method: string; path: string }[] }, what: string) =>
  api.calls.some((c) => c.method === "GET" && c.path === `/api/proposals/${ID}/${what}`);

describe("Proposal page for an invitee (DESIGN.md §9)", () => {
  it("shows the proposal and its current document, and neither asks for nor fails on the timeline and versions", async () => {
    const { api } = renderPage({ user: PEOPLE.invitee, proposal: invited, routes: closedToInvitees });
    await screen.findByText("You are invited to join this group");
    const details = screen.getByRole("region", { name: "Details" });
    expect(within(details).getByRole("link", { name: "current.pdf" })).toHaveAttribute(
      "href",
      "/api/files/f2",
    );
    expect(screen.getByText("We make phishing detectors explain their decisions.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Versions" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Timeline" })).toBeNull();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(asked(api, "versions")).toBe(false);
    expect(asked(api, "timeline")).toBe(false);
  });

  it("in an allocation term it shows the group's ranked topics", async () => {
    const allocation: Proposal = {
      ...invited,
      title: "",
      supervisor: null,
      researchCell: null,
      term: { ...invited.term, mode: "allocation" },
    };
    const { api } = renderPage({
      user: PEOPLE.invitee,
      proposal: allocation,
      routes: {
        ...closedToInvitees,
        [`GET /api/proposals/${ID}/preferences`]: () => ({
          body: {
            items: [
              {
                topicId: "44444444-4444-4444-8444-444444444444",
                title: "Ranked first",
                supervisor: { id: PEOPLE.supervisor.id, name: PEOPLE.supervisor.name },
                researchCell: { id: "33333333-3333-4333-8333-333333333333", title: "Security" },
              },
            ],
            maxPreferences: 3,
            publishedAt: null,
          },
        }),
      },
    });
    const ranked = await screen.findByRole("region", { name: "Ranked topics" });
    expect(await within(ranked).findByText("Ranked first")).toBeInTheDocument();
    expect(asked(api, "preferences")).toBe(true);
    expect(asked(api, "timeline") || asked(api, "versions")).toBe(false);
  });

  it("once they accept, the page shows them the timeline and versions as to any member", async () => {
    const user = userEvent.setup();
    let n = 0;
    const { api } = renderPage({
      user: PEOPLE.invitee,
      proposal: () => ({ body: { proposal: n++ === 0 ? invited : accepted } }),
      routes: { [`POST /api/proposals/${ID}/invitation`]: () => ({ body: { proposal: accepted } }) },
    });
    await user.click(await screen.findByRole("button", { name: "Accept invitation" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Accept the invitation?" })).getByRole("button", {
        name: "Accept invitation",
      }),
    );
    expect(await screen.findByRole("region", { name: "Timeline" })).toBeInTheDocument();
    expect(await screen.findByRole("list", { name: "Versions, newest first" })).toBeInTheDocument();
    await waitFor(() => expect(asked(api, "timeline") && asked(api, "versions")).toBe(true));
  });

  it("an accepted member sees the timeline and versions", async () => {
    const { api } = renderPage({ user: PEOPLE.member, proposal: lifeProposal() });
    expect(await screen.findByRole("list", { name: "Timeline, oldest first" })).toBeInTheDocument();
    expect(await screen.findByRole("list", { name: "Versions, newest first" })).toBeInTheDocument();
    expect(asked(api, "timeline") && asked(api, "versions")).toBe(true);
  });
});
