import { makeMember, makeProposalSummary } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import type { ProposalStatus } from "@shared/enums";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatScreen } from "./chat-screen";

const supervisor = testUser({ role: "supervisor", studentId: null, name: "Dr. Samuel Osei" });

const group = (id: string, title: string, status: ProposalStatus, member: string): ProposalSummary =>
  makeProposalSummary({
    id,
    title,
    excerpt: "A.",
    status,
    researchCell: null,
    supervisor: { id: supervisor.id, name: supervisor.name, email: supervisor.email },
    createdBy: null,
    members: [makeMember({ id: `${id}-m`, name: member })],
    term: { id: "t1", name: "Default", mode: "direct", committeeApproval: false, revisionsCloseAt: null },
  });
const phishing = group("g1", "Phishing with GNNs", "Pending", "Tanvir Hasan");
const navigation = group("g2", "Campus navigation app", "Approved", "Omar Farouk");

afterEach(() => vi.unstubAllGlobals());

function setup(
  items: ProposalSummary[],
  user = supervisor,
  variant: "student" | "supervisor" = "supervisor",
) {
  const routes: Parameters<typeof fakeApi>[0] = {
    // The groups of every term (a group's chat goes on after its term): proposal-groups.test.ts.
    "GET /api/proposals/groups": () => ({ body: { items } }),
  };
  for (const p of items)
    routes[`GET /api/proposals/${p.id}/messages`] = () => ({ body: { items: [], hasMore: false } });
  const api = fakeApi(routes);
  vi.stubGlobal("fetch", api.fetch);
  return renderScreen(<ChatScreen variant={variant} />, { user, path: "/supervisor/chat" });
}

describe("Supervisor chat", () => {
  it("lets a keyboard user reach each group with Tab and open it", async () => {
    const { router } = setup([phishing, navigation]);
    const groups = await screen.findByRole("navigation", { name: "Your groups" });
    const [first, second] = within(groups).getAllByRole("button");
    expect(first).toHaveAccessibleName(/^Phishing with GNNs/);
    expect(second).toHaveAccessibleName(/^Campus navigation app/);
    expect(first).toHaveAttribute("aria-current", "true");
    expect(second).not.toHaveAttribute("aria-current");

    const user = userEvent.setup();
    await user.tab();
    expect(first).toHaveFocus();
    await user.tab();
    expect(second).toHaveFocus();
    await user.keyboard("{Enter}");

    expect(await screen.findByText("Members: Omar Farouk")).toBeInTheDocument();
    expect(second).toHaveAttribute("aria-current", "true");
    expect(first).not.toHaveAttribute("aria-current");
    expect(router.state.location.search).toBe("?group=g2");
  });

  it("shows the open group's status in full, never squeezed beside a long title", async () => {
    setup([{ ...navigation, title: "A very long title ".repeat(8).trim() }]);
    const badge = (await screen.findByText("Members: Omar Farouk"))
      .closest("div")
      ?.parentElement?.querySelector("[data-status]");
    expect(badge).toHaveTextContent("Approved");
    expect(badge).toHaveStyle({ flexShrink: "0", minWidth: "max-content" });
  });

  it("shows one empty state, with no list, when no proposal is addressed to the supervisor", async () => {
    setup([]);
    expect((await screen.findByText("No group chat yet")).closest("[data-empty-state]")).not.toBeNull();
    expect(screen.getByText("A chat opens for each proposal addressed to you.")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Your groups" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Submit a proposal" })).not.toBeInTheDocument();
  });
});

describe("Student chat", () => {
  it("offers a student without a proposal a way to submit one", async () => {
    setup([], testUser(), "student");
    expect((await screen.findByText("No group chat yet")).closest("[data-empty-state]")).not.toBeNull();
    expect(screen.getByRole("link", { name: "Submit a proposal" })).toHaveAttribute(
      "href",
      "/student/proposal",
    );
  });

  it("says so in the thread when nobody has written yet", async () => {
    setup([phishing], testUser(), "student");
    expect((await screen.findByText("No messages yet")).closest("[data-empty-state]")).not.toBeNull();
    expect(screen.getByText("Say hello to your group.")).toBeInTheDocument();
  });
});
