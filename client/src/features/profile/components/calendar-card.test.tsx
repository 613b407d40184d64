import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CalendarCard } from "./calendar-card";

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const FEED = "http://localhost:3000/api/calendar/feed/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics";
const NEWER = "http://localhost:3000/api/calendar/feed/ZzCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics";

function setup(role: "student" | "supervisor", hasFeed = false) {
  let n = 0;
  const api = fakeApi({
    "GET /api/me/calendar": () => ({ body: { hasFeed, showNameOnPublicDefenses: false } }),
    "POST /api/me/calendar-token": () => ({ body: { url: n++ ? NEWER : FEED } }),
    "PUT /api/me/listing-consent": (body) => ({ body: { hasFeed, ...(body as object) } }),
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<CalendarCard />, { user: testUser({ role }) });
  return api;
}

describe("Profile → Calendar", () => {
  it("creates the feed link and shows it to copy; renewing asks first, says the old link stops working, and shows the new one", async () => {
    const api = setup("supervisor");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: MSG.calendarFeedCreate }));
    expect(await screen.findByRole("textbox", { name: MSG.calendarFeedTitle })).toHaveValue(FEED);
    expect(screen.getByRole("button", { name: "Copy" })).toBeInTheDocument();
    // A teacher has no consent to give.
    expect(screen.queryByRole("switch", { name: /Show my name on public defenses/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: MSG.calendarFeedRenew }));
    const dialog = await screen.findByRole("dialog", { name: MSG.calendarFeedRenewTitle });
    expect(dialog).toHaveTextContent(MSG.calendarFeedRenewBody);
    await user.click(screen.getAllByRole("button", { name: MSG.calendarFeedRenew }).at(-1)!);
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: MSG.calendarFeedTitle })).toHaveValue(NEWER),
    );
    expect(await screen.findByText(MSG.calendarFeedRenewed)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === "/api/me/calendar-token")).toHaveLength(2);
  });

  it("with a link made before, offers to renew (its address is not kept) and cancelling changes nothing", async () => {
    const api = setup("student", true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: MSG.calendarFeedRenew }));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("a student switches their name on public defenses on", async () => {
    const api = setup("student");
    const user = userEvent.setup();
    const consent = await screen.findByRole("switch", { name: /Show my name on public defenses/ });
    await waitFor(() => expect(consent).toBeEnabled());
    expect(consent).not.toBeChecked();
    await user.click(consent);
    expect(await screen.findByText(MSG.listingConsentOn)).toBeInTheDocument();
    expect(consent).toBeChecked();
    expect(api.calls.at(-1)).toEqual({
      method: "PUT",
      path: "/api/me/listing-consent",
      body: { showNameOnPublicDefenses: true },
    });
  });
});
