import { ID, lifeProposal, PEOPLE, version } from "@client/features/proposal-page/components/test-data";
import { termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import SupervisorProposalDetailPage from "./proposal-detail";

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe("the supervisor's proposal page", () => {
  it("reviews from the page: Request changes, confirmed, and the page then shows the new status", async () => {
    let status: "Pending" | "Changes requested" = "Pending";
    const api = fakeApi({
      "GET /api/terms": () => ({ body: termsFixture() }),
      "GET /api/proposals": () => ({ body: { items: [], total: 0 } }),
      [`GET /api/proposals/${ID}`]: () => ({ body: { proposal: lifeProposal({ status }) } }),
      [`GET /api/proposals/${ID}/versions`]: () => ({ body: { items: [version()] } }),
      [`GET /api/proposals/${ID}/timeline`]: () => ({ body: { items: [] } }),
      [`POST /api/proposals/${ID}/review`]: () => {
        status = "Changes requested";
        return { body: { proposal: lifeProposal({ status }) } };
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<SupervisorProposalDetailPage />, {
      user: PEOPLE.supervisor,
      path: `/supervisor/proposals/${ID}`,
      route: "/supervisor/proposals/:id",
    });
    const user = userEvent.setup();
    // Opened by its address, not from a screen: back to every group.
    expect(await screen.findByRole("link", { name: /Back to Groups/ })).toHaveAttribute(
      "href",
      "/supervisor/groups",
    );
    await user.click(await screen.findByRole("button", { name: "Review" }));
    const dialog = await screen.findByRole("dialog", { name: "Review proposal" });
    await user.type(within(dialog).getByLabelText(/Feedback/), "Narrow it down.");
    await user.click(within(dialog).getByRole("button", { name: "Request changes" }));
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText(MSG.changesRequested)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      status: "Changes requested",
      feedback: "Narrow it down.",
    });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Review" })).toBeNull());
    expect(
      screen.getByText("Changes requested", { selector: "[data-status] *, [data-status]" }),
    ).toBeInTheDocument();
  });
});
