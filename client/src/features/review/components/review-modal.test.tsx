import { makeProposal, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Proposal } from "@shared/schemas/proposals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReviewModal } from "./review-modal";

const supervisor = testUser({ role: "supervisor", name: "Prof. Ada", studentId: null });
const ID = "11111111-1111-4111-8111-111111111111";

const whole = (o: Partial<Proposal> = {}): Proposal =>
  makeProposal({
    id: ID,
    abstract: "We detect phishing websites, the whole abstract.",
    supervisor: { id: supervisor.id, name: "Prof. Ada", email: "ada@uni.example" },
    term: { id: "t1", name: "Spring 2027", mode: "direct", committeeApproval: false, revisionsCloseAt: null },
    ...o,
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  notifications.clean();
});

function setup(
  p: Proposal,
  review: Parameters<typeof fakeApi>[0][string] = () => ({ body: { proposal: p } }),
) {
  const api = fakeApi({
    "GET /api/terms": () => ({ body: termsFixture({ timeZone: "Europe/Berlin" }) }),
    [`POST /api/proposals/${ID}/review`]: review,
    [`GET /api/proposals/${ID}/versions`]: () => ({ body: { items: [] } }),
    "GET /api/proposals/similar": () => ({ body: { items: [] } }),
  });
  vi.stubGlobal("fetch", api.fetch);
  const onClose = vi.fn();
  renderScreen(<ReviewModal proposal={p} onClose={onClose} />, { user: supervisor });
  return { api, onClose, user: userEvent.setup() };
}

const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === "POST");

describe("Review modal: three decisions, each confirmed", () => {
  it("shows a whole proposal's abstract (from its page) without fetching it again", async () => {
    const { api } = setup(whole());
    const dialog = await screen.findByRole("dialog", { name: "Review proposal" });
    expect(within(dialog).getByText("We detect phishing websites, the whole abstract.")).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === `/api/proposals/${ID}`)).toBe(false);
  });

  it("Request changes needs feedback; then says what happens, and Confirm sends it", async () => {
    const { api, onClose, user } = setup(whole(), () => ({
      body: { proposal: whole({ status: "Changes requested", feedback: "Narrow the scope." }) },
    }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Request changes" }));
    expect(within(dialog).getByText("Feedback is required when requesting changes.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Confirm" })).toBeNull();

    await user.type(within(dialog).getByLabelText(/Feedback/), "Narrow the scope.");
    await user.click(within(dialog).getByRole("button", { name: "Request changes" }));
    const confirm = within(dialog).getByRole("button", { name: "Confirm" });
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription(
      "Request changes? The group is told with your feedback and may submit a new version; there is no revision deadline. It comes back to you as Pending.",
    );
    // The three choices give way to Confirm and Back; nothing is sent yet.
    expect(within(dialog).queryByRole("button", { name: "Approve" })).toBeNull();
    expect(posts(api)).toHaveLength(0);

    await user.click(confirm);
    expect(await screen.findByText(MSG.changesRequested)).toBeInTheDocument();
    expect(posts(api)[0].body).toEqual({ status: "Changes requested", feedback: "Narrow the scope." });
    expect(onClose).toHaveBeenCalled();
  });

  it("Back returns to the choice, with the focus on the decision chosen, and sends nothing", async () => {
    const { api, user } = setup(whole());
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    await user.click(within(dialog).getByRole("button", { name: "Back" }));
    const approve = within(dialog).getByRole("button", { name: "Approve" });
    await waitFor(() => expect(approve).toHaveFocus());
    expect(within(dialog).queryByRole("button", { name: "Confirm" })).toBeNull();
    expect(posts(api)).toHaveLength(0);
  });

  it("in a term with committee approval, Approve says the committee decides next", async () => {
    const { user } = setup(whole({ term: { ...whole().term, committeeApproval: true } }), () => ({
      body: { proposal: whole({ status: "Awaiting committee" }) },
    }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(
      within(dialog).getByText(
        "Approve this proposal? The group is told; in Spring 2027 the committee decides next, so it becomes Awaiting committee.",
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    // Not "Approved successfully": it went to the committee, and the message says so.
    expect(await screen.findByText(MSG.approvedToCommittee)).toBeInTheDocument();
    expect(screen.queryByText(MSG.proposalReviewed("Approved"))).not.toBeInTheDocument();
  });

  it("names the revision deadline, in the department's zone, when asking for changes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-01T12:00:00.000Z"));
    const { user } = setup(
      whole({ term: { ...whole().term, revisionsCloseAt: "2027-03-20T16:00:00.000Z" } }),
    );
    const dialog = await screen.findByRole("dialog");
    await screen.findByText(/Spring 2027/);
    await user.type(within(dialog).getByLabelText(/Feedback/), "More detail.");
    await user.click(within(dialog).getByRole("button", { name: "Request changes" }));
    expect(
      await within(dialog).findByText(
        /may submit a new version until 20 March 2027, 17:00 \(Europe\/Berlin\)\./,
      ),
    ).toBeInTheDocument();
  });

  it("once the term's revisions have closed, Request changes is disabled and says why", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-04-01T12:00:00.000Z"));
    setup(whole({ term: { ...whole().term, revisionsCloseAt: "2027-03-20T16:00:00.000Z" } }));
    const dialog = await screen.findByRole("dialog");
    const button = within(dialog).getByRole("button", { name: "Request changes" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(`Request changes: ${MSG.revisionsClosed("Spring 2027")}`);
    // Approve and Deny are still there.
    expect(within(dialog).getByRole("button", { name: "Approve" })).toBeEnabled();
    expect(within(dialog).getByRole("button", { name: "Deny" })).toBeEnabled();
  });

  it("a refusal naming the feedback goes back to the field", async () => {
    const { user } = setup(whole(), () => ({
      status: 400,
      body: {
        error: {
          code: "VALIDATION",
          message: "Feedback is required when requesting changes.",
          fields: { feedback: "Feedback is required when requesting changes." },
        },
      },
    }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/Feedback/), "x");
    await user.click(within(dialog).getByRole("button", { name: "Request changes" }));
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(
      await within(dialog).findByText("Feedback is required when requesting changes."),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Request changes" })).toBeInTheDocument();
  });
});
