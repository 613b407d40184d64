import { AID } from "@client/test/allocation-fixture";
import { termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen } from "@client/test/render";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CurrentProposal } from "./current-proposal";
import { ME, proposal } from "./test-data";

afterEach(() => vi.unstubAllGlobals());

const OLD_TERM = {
  id: "7e000000-0000-4000-8000-000000000100",
  name: "Spring 2024",
  mode: "direct" as const,
  committeeApproval: false,
  revisionsCloseAt: null,
};

/** The current term's proposals, and every term's (termId=all) for the latest decided one. */
function setup(current: ProposalSummary[], all: ProposalSummary[] = current) {
  const api = fakeApi({
    "GET /api/terms": () => ({ body: termsFixture({ timeZone: "Europe/Berlin" }) }),
    "GET /api/proposals": (_b, url) => {
      const items = url.searchParams.get("termId") === "all" ? all : current;
      return { body: { items, total: items.length, capped: false } };
    },
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<CurrentProposal />, { path: "/student/dashboard" });
  return api;
}

const card = (title: string) => screen.findByRole("article", { name: title });

describe("Current proposal card", () => {
  it("Awaiting members: says whose answer it waits for and where it goes next", async () => {
    setup([
      proposal({
        title: "Waiting work",
        status: "Awaiting members",
        members: [
          { id: ME, name: "Tanvir Hasan", studentId: "S-1", position: 0, state: "accepted" },
          { id: "s2", name: "Mei Lin", studentId: "S-2", position: 1, state: "invited" },
          { id: "s3", name: "Omar Farouk", studentId: "S-3", position: 2, state: "invited" },
        ],
      }),
    ]);
    const c = await card("Waiting work");
    expect(within(c).getByText("Awaiting members")).toBeInTheDocument();
    expect(within(c).getByText("Tanvir Hasan, Mei Lin (invited), Omar Farouk (invited)")).toBeInTheDocument();
    expect(c).toHaveTextContent(
      "Waiting for Mei Lin and Omar Farouk to answer their invitations. The proposal goes to Prof. Ayesha Rahman once everyone has answered.",
    );
    expect(within(c).queryByText("Supervisor's feedback")).not.toBeInTheDocument();
  });

  it("Changes requested: the supervisor's feedback, the revision deadline in the zone, and a link to submit a new version", async () => {
    setup([
      proposal({
        id: "p7",
        title: "Needs work",
        status: "Changes requested",
        feedback: "Narrow the scope to one dataset.",
        reviewedAt: "2025-03-05T10:00:00.000Z",
        term: { ...proposal().term, revisionsCloseAt: "2025-04-01T08:00:00.000Z" },
      }),
    ]);
    const c = await card("Needs work");
    expect(within(c).getByText("Supervisor's feedback")).toBeInTheDocument();
    expect(within(c).getByText("Narrow the scope to one dataset.")).toBeInTheDocument();
    await waitFor(() => expect(c).toHaveTextContent("before 1 April 2025, 10:00 (Europe/Berlin)"));
    expect(within(c).getByRole("link", { name: "Submit a new version" })).toHaveAttribute(
      "href",
      "/student/proposals/p7",
    );
  });

  it("Awaiting committee: approved by the supervisor, the committee next", async () => {
    setup([proposal({ title: "Almost there", status: "Awaiting committee", feedback: "Good plan." })]);
    const c = await card("Almost there");
    expect(c).toHaveTextContent("Prof. Ayesha Rahman approved it. The committee signs it off next.");
    expect(within(c).getByText("Good plan.")).toBeInTheDocument();
  });

  it("is not a proposal the student is only invited to (that is an invitation)", async () => {
    setup([
      proposal({
        title: "Someone else's",
        status: "Awaiting members",
        createdBy: { id: "s9", name: "Yuki Sato" },
        members: [
          { id: "s9", name: "Yuki Sato", studentId: "S-9", position: 0, state: "accepted" },
          { id: ME, name: "Tanvir Hasan", studentId: "S-1", position: 1, state: "invited" },
        ],
      }),
    ]);
    expect(await screen.findByText("No active proposal")).toBeInTheDocument();
  });

  it("after a denial: the latest proposal with both feedbacks and 'Start a new proposal from this one'", async () => {
    const denied = proposal({
      id: "d1",
      title: "Denied work",
      status: "Denied",
      feedback: "The method is not new.",
      reviewedAt: "2025-03-05T10:00:00.000Z",
      committeeFeedback: "We agree with the supervisor.",
      committeeDecidedAt: "2025-03-06T10:00:00.000Z",
    });
    setup([denied]);
    const c = await card("Denied work");
    expect(screen.getByRole("heading", { name: "Your latest proposal" })).toBeInTheDocument();
    expect(screen.queryByText("No active proposal")).not.toBeInTheDocument();
    expect(within(c).getByText("The method is not new.")).toBeInTheDocument();
    expect(within(c).getByText("Committee's feedback")).toBeInTheDocument();
    expect(within(c).getByText("We agree with the supervisor.")).toBeInTheDocument();
    expect(c).toHaveTextContent("It was denied, so you are free to submit a new proposal.");
    expect(within(c).getByRole("link", { name: "Start a new proposal from this one" })).toHaveAttribute(
      "href",
      "/student/proposal?from=d1",
    );
  });

  it("after a withdrawal: offers to start again from it too", async () => {
    setup([proposal({ id: "w1", title: "Withdrawn work", status: "Withdrawn" })]);
    const c = await card("Withdrawn work");
    expect(within(c).getByText("Withdrawn")).toBeInTheDocument();
    expect(within(c).getByRole("link", { name: "Start a new proposal from this one" })).toHaveAttribute(
      "href",
      "/student/proposal?from=w1",
    );
  });

  it("with nothing in the current term: an approval of an earlier term, asked across all terms", async () => {
    const api = setup(
      [],
      [proposal({ title: "Last year's", status: "Approved", feedback: "Well done.", term: OLD_TERM })],
    );
    const c = await card("Last year's");
    await waitFor(() =>
      expect(c).toHaveTextContent("It was approved in Spring 2024. You have no proposal in Default yet."),
    );
    expect(within(c).queryByRole("link", { name: "Start a new proposal from this one" })).toBeNull();
    expect(within(c).getByRole("link", { name: "Submit a proposal" })).toHaveAttribute(
      "href",
      "/student/proposal",
    );
    expect(api.calls.filter((x) => x.path === "/api/proposals")).toHaveLength(2);
  });

  it("after the allocation is published: the topic the group got and the rank it had on its list (the proposal page's receipt)", async () => {
    const term = { ...OLD_TERM, id: AID.term, name: "Autumn 2027", mode: "allocation" as const };
    const api = fakeApi({
      "GET /api/terms": () => ({ body: termsFixture({ timeZone: "Europe/Berlin" }) }),
      "GET /api/proposals": () => ({
        body: {
          items: [proposal({ id: AID.g1, title: "Path planning for robots", status: "Pending", term })],
          total: 1,
          capped: false,
        },
      }),
      [`GET /api/proposals/${AID.g1}/preferences`]: () => ({
        body: { items: [], maxPreferences: 3, publishedAt: "2027-02-02T10:00:00.000Z" },
      }),
      [`GET /api/terms/${AID.term}/allocation/receipt`]: () => ({
        body: {
          receipt: {
            proposalId: AID.g1,
            published: true,
            got: { topicId: AID.k1, title: "Path planning for robots", rank: 2 },
            reasons: [],
            blockingPairs: 0,
          },
        },
      }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<CurrentProposal />, { path: "/student/dashboard" });
    const c = await card("Path planning for robots");
    expect(
      await within(c).findByText("Your group got “Path planning for robots”, its 2nd choice."),
    ).toBeInTheDocument();
  });

  it("says 'No active proposal' when there is nothing at all", async () => {
    setup([]);
    expect(await screen.findByText("No active proposal")).toBeInTheDocument();
  });
});
