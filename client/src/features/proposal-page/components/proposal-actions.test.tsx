import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Proposal } from "@shared/schemas/proposals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ID, lifeProposal, PEOPLE } from "./test-data";
import { posts, renderPage } from "./test-render";

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const invited = lifeProposal({
  status: "Awaiting members",
  members: [
    ...lifeProposal().members,
    { id: PEOPLE.invitee.id, name: "Carol Invitee", studentId: "S-C", position: 2, state: "invited" },
  ],
});

const conflict = (message: string) => () => ({ status: 409, body: { error: { code: "CONFLICT", message } } });

/** The proposal's GET answers `first`, then `then` (after an action refetches it). */
function sequence(first: Proposal, then: Proposal) {
  let n = 0;
  const gets = () => n;
  return {
    gets,
    answer: () => ({ body: { proposal: n++ === 0 ? first : then } }),
  };
}

describe("Proposal page: a student's actions", () => {
  it("an invitee accepts after confirming; the page then shows them a member", async () => {
    const user = userEvent.setup();
    const accepted = lifeProposal({
      members: invited.members.map((m) => (m.id === PEOPLE.invitee.id ? { ...m, state: "accepted" } : m)),
      status: "Pending",
    });
    const seq = sequence(invited, accepted);
    const { api } = renderPage({
      user: PEOPLE.invitee,
      proposal: seq.answer,
      routes: { [`POST /api/proposals/${ID}/invitation`]: () => ({ body: { proposal: accepted } }) },
    });
    await screen.findByText("You are invited to join this group");
    await user.click(screen.getByRole("button", { name: "Accept invitation" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept the invitation?" });
    expect(within(dialog).getByText(/This takes your one place in Spring 2027/)).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Accept invitation" }));
    expect(
      await screen.findByText(MSG.invitationAccepted("Explaining phishing detectors")),
    ).toBeInTheDocument();
    expect(posts(api)[0]).toMatchObject({ path: `/api/proposals/${ID}/invitation`, body: { accept: true } });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Accept invitation" })).toBeNull());
    expect(screen.queryByText("Invited")).toBeNull();
  });

  it("an invitee who declines goes to their dashboard", async () => {
    const user = userEvent.setup();
    const { api, router } = renderPage({
      user: PEOPLE.invitee,
      proposal: invited,
      routes: { [`POST /api/proposals/${ID}/invitation`]: () => ({ body: { proposal: null } }) },
    });
    await user.click(await screen.findByRole("button", { name: "Decline invitation" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline the invitation?" });
    await user.click(within(dialog).getByRole("button", { name: "Decline invitation" }));
    expect(
      await screen.findByText(MSG.invitationDeclined("Explaining phishing detectors")),
    ).toBeInTheDocument();
    expect(posts(api)[0].body).toEqual({ accept: false });
    await waitFor(() => expect(router.state.location.pathname).toBe("/student/dashboard"));
  });

  it("Cancel sends nothing", async () => {
    const user = userEvent.setup();
    const { api } = renderPage({ user: PEOPLE.invitee, proposal: invited });
    await user.click(await screen.findByRole("button", { name: "Accept invitation" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(posts(api)).toHaveLength(0);
  });

  it("an answer the server refuses (409: already answered elsewhere) is said, and the page refetched", async () => {
    const user = userEvent.setup();
    const seq = sequence(invited, lifeProposal({ status: "Pending" }));
    renderPage({
      user: PEOPLE.invitee,
      proposal: seq.answer,
      routes: { [`POST /api/proposals/${ID}/invitation`]: conflict(MSG.invitationClosed) },
    });
    await user.click(await screen.findByRole("button", { name: "Accept invitation" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Accept invitation" }),
    );
    expect(await screen.findByText(MSG.invitationClosed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(seq.gets()).toBeGreaterThanOrEqual(2));
  });

  it("a member leaves the group after confirming, and goes to their dashboard", async () => {
    const user = userEvent.setup();
    const { api, router } = renderPage({
      user: PEOPLE.member,
      proposal: lifeProposal({ status: "Awaiting members" }),
      routes: { [`POST /api/proposals/${ID}/leave`]: () => ({ body: { ok: true } }) },
    });
    await user.click(await screen.findByRole("button", { name: "Leave group" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave the group?" });
    await user.click(within(dialog).getByRole("button", { name: "Leave group" }));
    expect(await screen.findByText(MSG.leftGroup("Explaining phishing detectors"))).toBeInTheDocument();
    expect(posts(api).map((c) => c.path)).toEqual([`/api/proposals/${ID}/leave`]);
    await waitFor(() => expect(router.state.location.pathname).toBe("/student/dashboard"));
  });

  it("the creator withdraws with a reason", async () => {
    const user = userEvent.setup();
    const seq = sequence(lifeProposal(), lifeProposal({ status: "Withdrawn" }));
    const { api } = renderPage({
      user: PEOPLE.creator,
      proposal: seq.answer,
      routes: {
        [`POST /api/proposals/${ID}/withdraw`]: () => ({
          body: { proposal: lifeProposal({ status: "Withdrawn" }) },
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Withdraw proposal" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw this proposal?" });
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "We found another topic.");
    await user.click(within(dialog).getByRole("button", { name: "Withdraw proposal" }));
    expect(await screen.findByText(MSG.proposalWithdrawn)).toBeInTheDocument();
    expect(posts(api)[0].body).toEqual({ reason: "We found another topic." });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Actions" })).toBeNull());
  });

  it("a withdrawal refused because the proposal changed meanwhile (409) says so and closes", async () => {
    const user = userEvent.setup();
    renderPage({
      user: PEOPLE.creator,
      proposal: lifeProposal(),
      routes: { [`POST /api/proposals/${ID}/withdraw`]: conflict(MSG.proposalChangedMeanwhile) },
    });
    await user.click(await screen.findByRole("button", { name: "Withdraw proposal" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Withdraw proposal" }),
    );
    expect(await screen.findByText(MSG.proposalChangedMeanwhile)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("Proposal page: a new version", () => {
  const changes = lifeProposal({ status: "Changes requested", feedback: "Narrow it down." });

  it("starts from the current title and abstract, checks them, and sends the new version", async () => {
    const user = userEvent.setup();
    const { api } = renderPage({
      user: PEOPLE.member,
      proposal: changes,
      routes: {
        [`POST /api/proposals/${ID}/versions`]: () => ({
          status: 201,
          body: { proposal: lifeProposal({ version: 2 }) },
        }),
      },
    });
    await screen.findByText("Changes requested", {
      selector: ".mantine-Alert-title *, .mantine-Alert-title",
    });
    await user.click(screen.getByRole("button", { name: "Submit a new version" }));
    const dialog = await screen.findByRole("dialog", { name: "Submit a new version" });
    const title = within(dialog).getByRole("textbox", { name: "Title" });
    const abstract = within(dialog).getByRole("textbox", { name: "Abstract" });
    expect(title).toHaveValue("Explaining phishing detectors");
    expect(abstract).toHaveValue("We make phishing detectors explain their decisions.");
    expect(within(dialog).getByLabelText("Document (PDF, optional)")).toBeInTheDocument();

    // The shared schema's words, at the field; nothing sent.
    await user.clear(title);
    await user.click(within(dialog).getByRole("button", { name: "Submit version" }));
    expect(await within(dialog).findByText("Title is required.")).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);

    await user.type(title, "Explaining URL phishing detectors");
    await user.type(within(dialog).getByRole("textbox", { name: "Note (optional)" }), "Narrowed.");
    await user.click(within(dialog).getByRole("button", { name: "Submit version" }));
    expect(await screen.findByText(MSG.versionSubmitted)).toBeInTheDocument();
    expect(posts(api)[0].body).toEqual({
      title: "Explaining URL phishing detectors",
      abstract: "We make phishing detectors explain their decisions.",
      note: "Narrowed.",
    });
  });

  it("puts the server's refusal at its field", async () => {
    const user = userEvent.setup();
    renderPage({
      user: PEOPLE.member,
      proposal: changes,
      routes: {
        [`POST /api/proposals/${ID}/versions`]: () => ({
          status: 400,
          body: {
            error: {
              code: "VALIDATION",
              message: "Abstract must be at most 5,000 characters.",
              fields: { abstract: "Abstract must be at most 5,000 characters." },
            },
          },
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Submit a new version" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Submit version" }));
    expect(await within(dialog).findByText("Abstract must be at most 5,000 characters.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("a deadline that passed meanwhile (409) is said in the server's words", async () => {
    const user = userEvent.setup();
    renderPage({
      user: PEOPLE.member,
      proposal: changes,
      routes: { [`POST /api/proposals/${ID}/versions`]: conflict(MSG.revisionsClosed("Spring 2027")) },
    });
    await user.click(await screen.findByRole("button", { name: "Submit a new version" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Submit version" }),
    );
    expect(await screen.findByText(MSG.revisionsClosed("Spring 2027"))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("Proposal page: the supervisor's review", () => {
  it("Review opens the review given by the page that composes it", async () => {
    const user = userEvent.setup();
    const Review = ({ proposal, onClose }: { proposal: Proposal | null; onClose: () => void }) =>
      proposal ? (
        <div role="dialog" aria-label="Review proposal">
          {proposal.abstract}
          <button type="button" onClick={onClose}>
            Close it
          </button>
        </div>
      ) : null;
    renderPage({ user: PEOPLE.supervisor, proposal: lifeProposal(), reviewModal: Review });
    await user.click(await screen.findByRole("button", { name: "Review" }));
    const dialog = screen.getByRole("dialog", { name: "Review proposal" });
    expect(dialog).toHaveTextContent("We make phishing detectors explain their decisions.");
    await user.click(within(dialog).getByRole("button", { name: "Close it" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("Proposal page: the committee's actions", () => {
  const awaiting = lifeProposal({ status: "Awaiting committee", feedback: "Good." });

  it("Deny needs feedback; then the decision is sent", async () => {
    const user = userEvent.setup();
    const { api } = renderPage({
      user: PEOPLE.committee,
      proposal: awaiting,
      routes: {
        [`POST /api/proposals/${ID}/decision`]: () => ({
          body: { proposal: lifeProposal({ status: "Denied" }) },
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Deny" }));
    const dialog = await screen.findByRole("dialog", { name: "Deny this proposal?" });
    await user.click(within(dialog).getByRole("button", { name: "Deny proposal" }));
    expect(
      await within(dialog).findByText("Feedback is required when denying a proposal."),
    ).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);
    await user.type(within(dialog).getByRole("textbox", { name: "Feedback" }), "Out of scope.");
    await user.click(within(dialog).getByRole("button", { name: "Deny proposal" }));
    expect(await screen.findByText(MSG.committeeDecided("Denied"))).toBeInTheDocument();
    expect(posts(api)[0]).toMatchObject({
      path: `/api/proposals/${ID}/decision`,
      body: { status: "Denied", feedback: "Out of scope." },
    });
  });

  it("Approve needs no feedback", async () => {
    const user = userEvent.setup();
    const { api } = renderPage({
      user: PEOPLE.committee,
      proposal: awaiting,
      routes: {
        [`POST /api/proposals/${ID}/decision`]: () => ({
          body: { proposal: lifeProposal({ status: "Approved" }) },
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve this proposal?" });
    await user.click(within(dialog).getByRole("button", { name: "Approve proposal" }));
    expect(await screen.findByText(MSG.committeeDecided("Approved"))).toBeInTheDocument();
    expect(posts(api)[0].body).toEqual({ status: "Approved", feedback: "" });
  });

  it("Reopen needs a reason, then sends it", async () => {
    const user = userEvent.setup();
    const { api } = renderPage({
      user: PEOPLE.committee,
      proposal: lifeProposal({ status: "Denied" }),
      routes: {
        [`POST /api/proposals/${ID}/reopen`]: () => ({
          body: { proposal: lifeProposal({ status: "Pending" }) },
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Reopen" }));
    const dialog = await screen.findByRole("dialog", { name: "Reopen this proposal?" });
    await user.click(within(dialog).getByRole("button", { name: "Reopen proposal" }));
    expect(await within(dialog).findByText(MSG.reasonRequired)).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Appeal upheld.");
    await user.click(within(dialog).getByRole("button", { name: "Reopen proposal" }));
    expect(await screen.findByText(MSG.proposalReopened)).toBeInTheDocument();
    expect(posts(api)[0].body).toEqual({ reason: "Appeal upheld." });
  });

  it("an Approved proposal without a thesis offers the committee Reopen, Withdraw and Reassign", async () => {
    renderPage({ user: PEOPLE.committee, proposal: lifeProposal({ status: "Approved" }) });
    expect(await screen.findByRole("button", { name: "Reopen" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Withdraw proposal" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reassign" })).toBeInTheDocument();
  });

  it("once its thesis has started, neither Reopen nor Withdraw: Reassign stays (DESIGN.md §16)", async () => {
    renderPage({
      user: PEOPLE.committee,
      proposal: lifeProposal({ status: "Approved", thesisId: "70000000-0000-4000-8000-000000000001" }),
    });
    expect(await screen.findByRole("button", { name: "Reassign" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reopen" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Withdraw proposal" })).toBeNull();
  });

  it("a reopening refused (409: a member is now elsewhere) is said in the server's words", async () => {
    const user = userEvent.setup();
    renderPage({
      user: PEOPLE.committee,
      proposal: lifeProposal({ status: "Denied" }),
      routes: { [`POST /api/proposals/${ID}/reopen`]: conflict(MSG.memberInAnotherGroup("Grace Member")) },
    });
    await user.click(await screen.findByRole("button", { name: "Reopen" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Appeal.");
    await user.click(within(dialog).getByRole("button", { name: "Reopen proposal" }));
    expect(await screen.findByText(MSG.memberInAnotherGroup("Grace Member"))).toBeInTheDocument();
  });

  it("Reassign offers the cell's other supervisors with their places left, and sends the one chosen", async () => {
    const user = userEvent.setup();
    const { api } = renderPage({
      user: PEOPLE.committee,
      proposal: lifeProposal({ status: "Approved" }),
      routes: {
        "GET /api/supervisors": (_b, url) => {
          expect(url.searchParams.get("researchCellId")).toBe("33333333-3333-4333-8333-333333333333");
          return {
            body: {
              items: [
                { id: PEOPLE.supervisor.id, name: "Prof. Ayesha Rahman", email: "a@x", placesLeft: 3 },
                {
                  id: "44444444-4444-4444-8444-444444444444",
                  name: "Dr. Marco Bianchi",
                  email: "m@x",
                  placesLeft: 2,
                },
                { id: "55555555-5555-4555-8555-555555555555", name: "Dr. Full", email: "f@x", placesLeft: 0 },
                {
                  id: "66666666-6666-4666-8666-666666666666",
                  name: "Dr. Open",
                  email: "o@x",
                  placesLeft: null,
                },
              ],
            },
          };
        },
        [`POST /api/proposals/${ID}/reassign`]: () => ({
          body: { proposal: lifeProposal({ status: "Approved" }) },
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Reassign" }));
    const dialog = await screen.findByRole("dialog", { name: "Reassign this proposal?" });
    // Nothing chosen: said at the field.
    await user.click(within(dialog).getByRole("button", { name: "Reassign" }));
    expect(await within(dialog).findByText("Choose a supervisor.")).toBeInTheDocument();

    const select = within(dialog).getByRole("combobox", { name: "New supervisor" });
    await user.click(select);
    const list = document.getElementById(select.getAttribute("aria-controls") ?? "") as HTMLElement;
    const names = await waitFor(() => {
      const o = within(list).getAllByRole("option", { hidden: true });
      expect(o.length).toBeGreaterThan(0);
      return o.map((x) => x.textContent);
    });
    // The current supervisor is not offered.
    expect(names).toEqual(["Dr. Marco Bianchi — 2 places left", "Dr. Full — no places left", "Dr. Open"]);
    expect(
      within(list).getByRole("option", { name: "Dr. Full — no places left", hidden: true }),
    ).toHaveAttribute("aria-disabled", "true");
    await user.click(
      within(list).getByRole("option", { name: "Dr. Marco Bianchi — 2 places left", hidden: true }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Reassign" }));
    expect(await screen.findByText(MSG.proposalReassigned("Dr. Marco Bianchi"))).toBeInTheDocument();
    expect(posts(api)[0].body).toEqual({ supervisorId: "44444444-4444-4444-8444-444444444444" });
  });

  it("Reassign says so when the cell has no other supervisor", async () => {
    const user = userEvent.setup();
    renderPage({
      user: PEOPLE.committee,
      proposal: lifeProposal({ status: "Approved" }),
      routes: {
        "GET /api/supervisors": () => ({
          body: {
            items: [{ id: PEOPLE.supervisor.id, name: "Prof. Ayesha Rahman", email: "a@x", placesLeft: 3 }],
          },
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Reassign" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("Security has no other supervisor.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Reassign" })).toBeDisabled();
  });
});
