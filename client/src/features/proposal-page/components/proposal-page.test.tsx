import { notifications } from "@mantine/notifications";
import { SCHEDULER_NAME } from "@shared/activity";
import { MSG } from "@shared/messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activity, ID, lifeProposal, PEOPLE, version } from "./test-data";
import { renderPage } from "./test-render";
import { timelineSentence } from "./timeline-panel";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  notifications.clean();
});

/** A Select's option, in that Select's own list. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const box = screen.getByRole("combobox", { name: label });
  await user.click(box);
  const list = await waitFor(
    () => document.getElementById(box.getAttribute("aria-controls") ?? "") as HTMLElement,
  );
  await user.click(within(list).getByRole("option", { name: option, hidden: true }));
}

const actionNames = () =>
  within(screen.queryByRole("region", { name: "Actions" }) ?? document.createElement("div"))
    .queryAllByRole("button")
    .map((b) => b.textContent);

describe("Proposal page: what it shows", () => {
  it("shows the proposal: title, status, facts in the department's zone, abstract, group and document", async () => {
    renderPage({
      user: PEOPLE.creator,
      proposal: lifeProposal({
        members: [
          ...lifeProposal().members,
          { id: PEOPLE.invitee.id, name: "Carol Invitee", studentId: "S-C", position: 2, state: "invited" },
        ],
        document: { id: "f1", name: "proposal.pdf", size: 2048 },
        version: 2,
        status: "Awaiting members",
      }),
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Explaining phishing detectors" }),
    ).toBeVisible();
    expect(screen.getByText("Awaiting members", { selector: "[data-status] *" })).toBeInTheDocument();
    expect(screen.getByText("We make phishing detectors explain their decisions.")).toBeInTheDocument();
    const details = screen.getByRole("region", { name: "Details" });
    expect(within(details).getByText("Security")).toBeInTheDocument();
    expect(within(details).getByText("Prof. Ayesha Rahman")).toBeInTheDocument();
    expect(within(details).getByText("Spring 2027")).toBeInTheDocument();
    // 09:00 UTC is 10:00 in Berlin in March.
    expect(await within(details).findByText("1 March 2027, 10:00 (Europe/Berlin)")).toBeInTheDocument();
    expect(within(details).getByRole("link", { name: "proposal.pdf" })).toHaveAttribute(
      "href",
      "/api/files/f1",
    );

    const group = screen.getByRole("list", { name: "Members" });
    const carol = within(group).getByText("Carol Invitee").closest("li") as HTMLElement;
    expect(within(carol).getByText("Invited")).toBeInTheDocument();
    expect(within(carol).getByText("(S-C)")).toBeInTheDocument();
    const alan = within(group).getByText("Alan Creator").closest("li") as HTMLElement;
    expect(within(alan).getByText("Creator")).toBeInTheDocument();
    expect(within(alan).getByText("You")).toBeInTheDocument();
    expect(within(alan).queryByText("Invited")).toBeNull();
    expect(screen.getByText("1 invitation open")).toBeInTheDocument();
  });

  it("shows the supervisor's and the committee's feedback when there is some", async () => {
    renderPage({
      user: PEOPLE.member,
      proposal: lifeProposal({
        status: "Approved",
        feedback: "Well scoped.",
        reviewedAt: "2027-03-05T09:00:00.000Z",
        reviewedBy: { id: PEOPLE.supervisor.id, name: PEOPLE.supervisor.name },
        committeeFeedback: "Signed off.",
        committeeDecidedAt: "2027-03-06T09:00:00.000Z",
        committeeDecidedBy: { id: PEOPLE.committee.id, name: PEOPLE.committee.name },
      }),
    });
    const sup = await screen.findByRole("region", { name: "Supervisor's feedback" });
    expect(within(sup).getByText("Well scoped.")).toBeInTheDocument();
    expect(within(sup).getByText(/Prof\. Ayesha Rahman, 5 March 2027/)).toBeInTheDocument();
    const com = screen.getByRole("region", { name: "Committee's feedback" });
    expect(within(com).getByText("Signed off.")).toBeInTheDocument();
  });

  it("shows no feedback section before any review", async () => {
    renderPage({ user: PEOPLE.creator, proposal: lifeProposal() });
    await screen.findByRole("region", { name: "Details" });
    expect(screen.queryByRole("region", { name: "Supervisor's feedback" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Committee's feedback" })).toBeNull();
  });

  it("shows Overdue to the supervisor and the committee, never to the group", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-20T12:00:00.000Z"));
    const late = lifeProposal({ reviewDueAt: "2027-03-08T09:00:00.000Z" });
    const first = renderPage({ user: PEOPLE.supervisor, proposal: late });
    await screen.findByRole("region", { name: "Details" });
    expect(await screen.findByText("Overdue")).toBeInTheDocument();
    first.unmount();
    renderPage({ user: PEOPLE.creator, proposal: late });
    await screen.findByRole("region", { name: "Details" });
    expect(screen.queryByText("Overdue")).toBeNull();
  });

  it("says not found for a proposal the viewer may not see (404), and for a malformed id (400)", async () => {
    for (const status of [404, 400]) {
      const { unmount } = renderPage({
        user: PEOPLE.outsider,
        proposal: () => ({ status, body: { error: { code: "NOT_FOUND", message: "Not found." } } }),
      });
      expect((await screen.findByText("Proposal not found")).closest("[data-empty-state]")).not.toBeNull();
      expect(screen.getByRole("link", { name: /Back/ })).toHaveAttribute("href", "/back");
      unmount();
    }
  });

  it("offers to try again when the proposal cannot be loaded", async () => {
    let calls = 0;
    renderPage({
      user: PEOPLE.creator,
      proposal: () =>
        ++calls === 1
          ? { status: 500, body: { error: { code: "INTERNAL", message: "boom" } } }
          : { body: { proposal: lifeProposal() } },
    });
    expect(await screen.findByText(MSG.fetchProposalsFailed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Explaining phishing detectors" }),
    ).toBeVisible();
  });
});

describe("Proposal page: actions per party, from the transition table", () => {
  const cases: [string, Parameters<typeof renderPage>[0], string[]][] = [
    ["the creator, Pending", { user: PEOPLE.creator, proposal: lifeProposal() }, ["Withdraw proposal"]],
    [
      "an accepted member, Pending",
      { user: PEOPLE.member, proposal: lifeProposal() },
      [], // a member may leave only before the group reaches a supervisor
    ],
    [
      "an accepted member, Awaiting members",
      { user: PEOPLE.member, proposal: lifeProposal({ status: "Awaiting members" }) },
      ["Leave group"],
    ],
    [
      "the creator, Awaiting members",
      { user: PEOPLE.creator, proposal: lifeProposal({ status: "Awaiting members" }) },
      ["Withdraw proposal"],
    ],
    [
      "an invitee",
      {
        user: PEOPLE.invitee,
        proposal: lifeProposal({
          status: "Awaiting members",
          members: [
            ...lifeProposal().members,
            { id: PEOPLE.invitee.id, name: "Carol Invitee", studentId: "S-C", position: 2, state: "invited" },
          ],
        }),
      },
      ["Accept invitation", "Decline invitation"],
    ],
    [
      "the creator, Changes requested",
      { user: PEOPLE.creator, proposal: lifeProposal({ status: "Changes requested" }) },
      ["Submit a new version", "Withdraw proposal"],
    ],
    [
      "a member, Changes requested",
      { user: PEOPLE.member, proposal: lifeProposal({ status: "Changes requested" }) },
      ["Submit a new version"],
    ],
    ["the creator, Approved", { user: PEOPLE.creator, proposal: lifeProposal({ status: "Approved" }) }, []],
    ["the creator, Withdrawn", { user: PEOPLE.creator, proposal: lifeProposal({ status: "Withdrawn" }) }, []],
    ["the supervisor, Pending", { user: PEOPLE.supervisor, proposal: lifeProposal() }, ["Review"]],
    [
      "the supervisor, Changes requested",
      { user: PEOPLE.supervisor, proposal: lifeProposal({ status: "Changes requested" }) },
      [],
    ],
    // The committee withdraws too (with a reason): what a deactivated account leaves behind (DESIGN.md §12).
    [
      "the committee, Pending",
      { user: PEOPLE.committee, proposal: lifeProposal() },
      ["Reassign", "Withdraw proposal"],
    ],
    [
      "the committee, Awaiting committee",
      { user: PEOPLE.committee, proposal: lifeProposal({ status: "Awaiting committee" }) },
      ["Approve", "Deny", "Reassign", "Withdraw proposal"],
    ],
    [
      "the committee, Approved",
      { user: PEOPLE.committee, proposal: lifeProposal({ status: "Approved" }) },
      ["Reopen", "Reassign", "Withdraw proposal"],
    ],
    [
      "the committee, Denied",
      { user: PEOPLE.committee, proposal: lifeProposal({ status: "Denied" }) },
      ["Reopen"],
    ],
    [
      "the committee, Withdrawn",
      { user: PEOPLE.committee, proposal: lifeProposal({ status: "Withdrawn" }) },
      [],
    ],
  ];
  for (const [who, options, expected] of cases) {
    it(`${who}: ${expected.length ? expected.join(", ") : "nothing"}`, async () => {
      const Review = () => null;
      renderPage({ ...options, reviewModal: Review });
      await screen.findByRole("region", { name: "Details" });
      expect(actionNames()).toEqual(expected);
      if (!expected.length) expect(screen.queryByRole("region", { name: "Actions" })).toBeNull();
    });
  }

  it("once the term's revisions have closed, Submit a new version is disabled and says why", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-04-01T12:00:00.000Z"));
    renderPage({
      user: PEOPLE.member,
      proposal: lifeProposal({
        status: "Changes requested",
        term: { ...lifeProposal().term, revisionsCloseAt: "2027-03-31T22:00:00.000Z" },
      }),
    });
    const button = await screen.findByRole("button", { name: "Submit a new version" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(MSG.revisionsClosed("Spring 2027"));
  });

  it("before the deadline it is enabled, and the deadline is named in the department's zone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-30T12:00:00.000Z"));
    renderPage({
      user: PEOPLE.member,
      proposal: lifeProposal({
        status: "Changes requested",
        term: { ...lifeProposal().term, revisionsCloseAt: "2027-03-31T22:00:00.000Z" },
      }),
    });
    expect(await screen.findByRole("button", { name: "Submit a new version" })).toBeEnabled();
    expect(await screen.findByText(/before 1 April 2027, 00:00 \(Europe\/Berlin\)/)).toBeInTheDocument();
  });
});

describe("Proposal page: versions and the word diff", () => {
  const v1 = version({
    number: 1,
    title: "Explaining phishing detectors",
    abstract: "We make graph detectors explain their decisions.",
  });
  const v2 = version({
    id: "v2",
    number: 2,
    title: "Explaining URL phishing detectors",
    abstract: "We make URL detectors explain their decisions.",
    note: "Narrowed the scope.",
    author: { id: PEOPLE.member.id, name: "Grace Member" },
    createdAt: "2027-03-10T09:00:00.000Z",
    document: { id: "f2", name: "v2.pdf", size: 4096 },
  });
  const v3 = version({
    id: "v3",
    number: 3,
    title: "Explaining URL phishing detectors to analysts",
    abstract: "We make URL detectors explain their decisions.",
    createdAt: "2027-03-12T09:00:00.000Z",
  });

  it("lists every version newest first, with its author, time, note and document", async () => {
    renderPage({ user: PEOPLE.supervisor, proposal: lifeProposal({ version: 2 }), versions: [v2, v1] });
    const list = await screen.findByRole("list", { name: "Versions, newest first" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => within(i).getByText(/^Version \d$/).textContent)).toEqual([
      "Version 2",
      "Version 1",
    ]);
    expect(within(items[0]).getByText("Current")).toBeInTheDocument();
    expect(
      within(items[0]).getByText("by Grace Member · 10 March 2027, 10:00 (Europe/Berlin)"),
    ).toBeInTheDocument();
    expect(within(items[0]).getByText("Narrowed the scope.")).toBeInTheDocument();
    expect(within(items[0]).getByRole("link", { name: "v2.pdf" })).toHaveAttribute("href", "/api/files/f2");
  });

  it("diffs the title and abstract of the two latest by default, insertions and deletions said in words", async () => {
    renderPage({ user: PEOPLE.supervisor, proposal: lifeProposal({ version: 2 }), versions: [v2, v1] });
    await screen.findByText("Compare versions");
    expect(screen.getByRole("combobox", { name: "From version" })).toHaveValue("Version 1");
    expect(screen.getByRole("combobox", { name: "To version" })).toHaveValue("Version 2");
    const inserted = [...document.querySelectorAll("ins")].map((e) => e.textContent);
    const deleted = [...document.querySelectorAll("del")].map((e) => e.textContent);
    // Each carries its words for a screen reader; the marks themselves are underline and strike-through.
    expect(inserted).toEqual(["[added: URL ]", "[added: URL]"]);
    expect(deleted).toEqual(["[removed: graph]"]);
  });

  it("diffs any two versions the viewer picks", async () => {
    const user = userEvent.setup();
    renderPage({ user: PEOPLE.creator, proposal: lifeProposal({ version: 3 }), versions: [v3, v2, v1] });
    await screen.findByText("Compare versions");
    expect(screen.getByRole("combobox", { name: "From version" })).toHaveValue("Version 2");
    await pick(user, "From version", "Version 1");
    await waitFor(() =>
      expect([...document.querySelectorAll("ins")].map((e) => e.textContent)).toEqual([
        "[added: URL ]",
        "[added: to analysts]",
        "[added: URL]",
      ]),
    );
    // The same version twice: nothing changed.
    await pick(user, "To version", "Version 1");
    await waitFor(() => expect(document.querySelectorAll("ins, del")).toHaveLength(0));
    expect(screen.getAllByText("(unchanged)")).toHaveLength(2);
  });

  it("with one version there is nothing to compare", async () => {
    renderPage({ user: PEOPLE.supervisor, proposal: lifeProposal(), versions: [v1] });
    await screen.findByRole("list", { name: "Versions, newest first" });
    expect(screen.queryByText("Compare versions")).toBeNull();
  });

  it("says so when the versions cannot be loaded, and tries again", async () => {
    let calls = 0;
    renderPage({
      user: PEOPLE.supervisor,
      proposal: lifeProposal(),
      routes: {
        [`GET /api/proposals/${ID}/versions`]: () =>
          ++calls === 1
            ? { status: 500, body: { error: { code: "INTERNAL", message: "boom" } } }
            : { body: { items: [v1] } },
      },
    });
    expect(await screen.findByText("The versions could not be loaded.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Versions, newest first" })).toBeInTheDocument();
  });
});

describe("Proposal page: the timeline", () => {
  it("tells every step: who, what, whom, when in the department's zone, from → to, the note", async () => {
    renderPage({
      user: PEOPLE.committee,
      proposal: lifeProposal({ status: "Withdrawn" }),
      timeline: [
        activity({ to: "Awaiting members" }),
        activity({
          kind: "invitation",
          action: "invite",
          subject: { id: PEOPLE.member.id, name: "Grace Member" },
          from: null,
          to: null,
        }),
        activity({
          kind: "invitation",
          action: "accept",
          actor: { id: PEOPLE.member.id, name: "Grace Member" },
          subject: { id: PEOPLE.member.id, name: "Grace Member" },
          from: "Awaiting members",
          to: "Pending",
        }),
        activity({
          action: "reassign",
          actor: { id: PEOPLE.committee.id, name: "Dr. Nusrat Jahan" },
          subject: { id: "s2", name: "Dr. Marco Bianchi" },
          from: "Pending",
          to: "Pending",
        }),
        activity({
          action: "requestChanges",
          actor: { id: PEOPLE.supervisor.id, name: "Dr. Marco Bianchi" },
          from: "Pending",
          to: "Changes requested",
          note: "Narrow it down.",
        }),
        activity({
          action: "expire",
          actor: null,
          at: "2027-04-01T00:00:00.000Z",
          from: "Changes requested",
          to: "Withdrawn",
        }),
      ],
    });
    const list = await screen.findByRole("list", { name: "Timeline, oldest first" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.firstElementChild?.textContent)).toEqual([
      "Alan Creator submitted the proposal",
      "Alan Creator invited Grace Member",
      "Grace Member accepted the invitation",
      "Dr. Nusrat Jahan reassigned the proposal to Dr. Marco Bianchi",
      "Dr. Marco Bianchi requested changes",
      `${SCHEDULER_NAME} withdrew the proposal: the revision deadline passed`,
    ]);
    expect(within(rows[0]).getByText("Status: Awaiting members")).toBeInTheDocument();
    expect(within(rows[2]).getByText("Status: Awaiting members to Pending")).toBeInTheDocument();
    // No status change on a reassignment.
    expect(within(rows[3]).queryByText(/^Status:/)).toBeNull();
    expect(within(rows[4]).getByText("Narrow it down.")).toBeInTheDocument();
    expect(within(rows[5]).getByText("1 April 2027, 02:00 (Europe/Berlin)")).toBeInTheDocument();
  });

  it("names the invitee when someone else answered for them", () => {
    expect(
      timelineSentence(
        activity({
          kind: "invitation",
          action: "closeInvitations",
          actor: null,
          subject: { id: "x", name: "Carol" },
        }),
      ),
    ).toBe(`${SCHEDULER_NAME} declined the invitation of Carol: submissions closed`);
  });
});
