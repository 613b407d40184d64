import { fakeApi, renderScreen } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Invitation } from "@shared/schemas/life";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InvitationsCard } from "./invitations-card";

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const TERM = { id: "7e000000-0000-4000-8000-000000000001", name: "Default", submissionsCloseAt: null };

const invitation = (o: Partial<Invitation> = {}): Invitation => ({
  proposalId: "p1",
  title: "Graph neural networks for phishing",
  type: "Thesis",
  by: { id: "s1", name: "Tanvir Hasan" },
  supervisor: { id: "sup1", name: "Prof. Ayesha Rahman" },
  researchCell: { id: "c1", title: "Machine Learning" },
  topics: [],
  term: TERM,
  members: [
    { id: "s1", name: "Tanvir Hasan", state: "accepted" },
    { id: "s3", name: "Sofia Martins", state: "invited" },
  ],
  invitedAt: "2025-03-01T10:00:00.000Z",
  ...o,
});

const second = invitation({
  proposalId: "p2",
  title: "Air quality sensors",
  by: { id: "s5", name: "Hannah Becker" },
  supervisor: { id: "sup2", name: "Dr. Samuel Osei" },
  researchCell: { id: "c2", title: "Embedded Systems" },
  members: [{ id: "s5", name: "Hannah Becker", state: "accepted" }],
});

function setup(
  answer: (body: unknown, url: URL) => { status?: number; body: unknown } = () => ({
    body: { proposal: null },
  }),
  start: Invitation[] = [invitation(), second],
) {
  let items = start;
  const api = fakeApi({
    "GET /api/invitations": () => ({ body: { items } }),
    "POST /api/proposals/p1/invitation": (body, url) => {
      const res = answer(body, url);
      // Accepting declines the other open invitation of the term; declining removes this one.
      if ((res.status ?? 200) === 200) items = (body as { accept: boolean }).accept ? [] : [second];
      return res;
    },
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<InvitationsCard />, { path: "/student/dashboard" });
  return { api, user: userEvent.setup() };
}

describe("Invitations card", () => {
  it("shows nothing when there are no invitations", async () => {
    const { api } = setup(undefined, []);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "Invitations" })).not.toBeInTheDocument();
  });

  it("says when the invitations cannot be loaded, and tries again", async () => {
    let fail = true;
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/invitations": () =>
          fail
            ? { status: 500, body: { error: { code: "INTERNAL", message: "Boom." } } }
            : { body: { items: [invitation()] } },
      }).fetch,
    );
    renderScreen(<InvitationsCard />);
    expect(await screen.findByText(MSG.fetchInvitationsFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(
      await screen.findByRole("article", { name: "Graph neural networks for phishing" }),
    ).toBeInTheDocument();
  });

  it("lists who invites, the proposal (linked), supervisor, cell, term and the group with their answers", async () => {
    setup();
    const card = await screen.findByRole("region", { name: "Invitations" });
    expect(within(card).getByText(/you can join one group a term/i)).toBeInTheDocument();
    const item = within(card).getByRole("article", { name: "Graph neural networks for phishing" });
    expect(within(item).getByText(/Tanvir Hasan invites you to join/)).toBeInTheDocument();
    expect(within(item).getByRole("link", { name: "Graph neural networks for phishing" })).toHaveAttribute(
      "href",
      "/student/proposals/p1",
    );
    for (const text of ["Prof. Ayesha Rahman", "Machine Learning", "Default", "Thesis"])
      expect(within(item).getByText(text)).toBeInTheDocument();
    const group = within(item).getByRole("list", { name: "Group" });
    const [creator, other] = within(group).getAllByRole("listitem");
    expect(creator).toHaveTextContent("Tanvir Hasan (submitted it)Accepted");
    expect(other).toHaveTextContent("Sofia MartinsNot answered yet");
  });

  it("an allocation group's invitation: named by its creator, its ranked topics instead of supervisor and cell; accepting names it so", async () => {
    const group = invitation({
      title: "",
      supervisor: null,
      researchCell: null,
      topics: ["Path planning for robots", "Simulating drone swarms"],
    });
    const { user } = setup(undefined, [group]);
    const card = await screen.findByRole("article", { name: MSG.untitledGroup("Tanvir Hasan") });
    expect(within(card).getByRole("link", { name: MSG.untitledGroup("Tanvir Hasan") })).toBeInTheDocument();
    expect(card).toHaveTextContent("Ranked topics1. Path planning for robots · 2. Simulating drone swarms");
    expect(card).not.toHaveTextContent("Unknown");
    await user.click(within(card).getByRole("button", { name: "Accept" }));
    expect(
      await screen.findByText(MSG.invitationAccepted(MSG.untitledGroup("Tanvir Hasan"))),
    ).toBeInTheDocument();
    expect(screen.queryByText('You joined "".')).toBeNull();
  });

  it("accepts: says so naming the proposal, and the card follows the server (the other invitation is declined)", async () => {
    const { api, user } = setup();
    const item = await screen.findByRole("article", { name: "Graph neural networks for phishing" });
    await user.click(within(item).getByRole("button", { name: "Accept" }));
    expect(
      await screen.findByText(MSG.invitationAccepted("Graph neural networks for phishing")),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ accept: true });
    // The other invitation of the same term was declined with it: the student is told which.
    expect(
      screen.getByText(
        'Your invitation to "Air quality sensors" was declined: you can be in one group a term.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Invitations" })).not.toBeInTheDocument(),
    );
  });

  it("shows a 409 in the server's words and keeps the invitation", async () => {
    const { user } = setup(() => ({
      status: 409,
      body: { error: { code: "CONFLICT", message: MSG.alreadyInActiveProposal("Mei Lin") } },
    }));
    const item = await screen.findByRole("article", { name: "Graph neural networks for phishing" });
    await user.click(within(item).getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Mei Lin is already in an active proposal.")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Graph neural networks for phishing" })).toBeInTheDocument();
  });

  it("says the invitation is no longer open when it was declined meanwhile (the server no longer shows it: 404)", async () => {
    const { user } = setup(() => ({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "Not found." } },
    }));
    const item = await screen.findByRole("article", { name: "Graph neural networks for phishing" });
    await user.click(within(item).getByRole("button", { name: "Accept" }));
    expect(await screen.findByText(MSG.invitationClosed)).toBeInTheDocument();
  });

  it("once the term's submissions have closed, offers only Decline and says why", async () => {
    const closed = { ...TERM, submissionsCloseAt: "2025-03-02T10:00:00.000Z" };
    setup(undefined, [invitation({ term: closed })]);
    const item = await screen.findByRole("article", { name: "Graph neural networks for phishing" });
    expect(within(item).queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    expect(within(item).getByRole("button", { name: "Decline" })).toBeEnabled();
    expect(within(item).getByText(MSG.submissionsClosed("Default"))).toBeInTheDocument();
  });

  it("declines only after a confirmation; Cancel sends nothing", async () => {
    const { api, user } = setup();
    const item = await screen.findByRole("article", { name: "Graph neural networks for phishing" });
    await user.click(within(item).getByRole("button", { name: "Decline" }));
    let dialog = await screen.findByRole("dialog", { name: "Decline the invitation?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);

    await user.click(within(item).getByRole("button", { name: "Decline" }));
    dialog = await screen.findByRole("dialog", { name: "Decline the invitation?" });
    expect(dialog).toHaveTextContent("Tanvir Hasan is told");
    await user.click(within(dialog).getByRole("button", { name: "Decline invitation" }));
    expect(
      await screen.findByText(MSG.invitationDeclined("Graph neural networks for phishing")),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ accept: false });
    await waitFor(() =>
      expect(
        screen.queryByRole("article", { name: "Graph neural networks for phishing" }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("article", { name: "Air quality sensors" })).toBeInTheDocument();
  });
});
