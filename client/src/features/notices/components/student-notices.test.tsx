import { makeNotice } from "@client/test/factories";
import { fakeApi, renderScreen } from "@client/test/render";
import type { Notice } from "@shared/schemas/notices";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LatestNoticeCard } from "./latest-notice-card";
import { StudentNotices } from "./student-notices";

const notice = (o: Partial<Notice>): Notice =>
  makeNotice({
    id: crypto.randomUUID(),
    title: "A notice",
    description: "Details.",
    supervisor: { id: "sup", name: "Prof. Leila Haddad" },
    group: { id: "g", title: "Campus navigation app" },
    ...o,
  });

afterEach(() => vi.unstubAllGlobals());

describe("Student notices", () => {
  it("lists notices with supervisor, group and date; unread ones stand out; opening one marks it read", async () => {
    const unread = notice({
      id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
      title: "Kick-off meeting",
      description: "Room 4.12.",
    });
    const old = notice({ title: "Old news", readAt: "2025-02-01T10:00:00.000Z" });
    let readAt: string | null = null;
    const api = fakeApi({
      "GET /api/notices": () => ({
        body: { items: [{ ...unread, readAt }, old], total: 2, unread: readAt ? 0 : 1 },
      }),
      "POST /api/notices/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/read": () => {
        readAt = "2025-03-02T10:00:00.000Z";
        return { body: { notice: { ...unread, readAt } } };
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<StudentNotices />);
    const item = await screen.findByRole("button", { name: "Unread notice: Kick-off meeting" });
    expect(screen.getByRole("button", { name: "Notice: Old news" })).toBeInTheDocument();
    expect(screen.getByText("1 unread notice")).toBeInTheDocument();
    // The title is the button, named by what it shows; the card around it carries the rest.
    expect(item).not.toHaveAttribute("aria-label");
    const card = item.closest("li")!;
    expect(within(card).getByText("New")).toBeInTheDocument();
    expect(within(card).getByText(/Prof\. Leila Haddad · Campus navigation app/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(item);
    const dialog = await screen.findByRole("dialog", { name: "Kick-off meeting" });
    expect(within(dialog).getByText("Room 4.12.")).toBeInTheDocument();
    expect(within(dialog).getByText("From Prof. Leila Haddad")).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST")).toBe(true));
    expect(await screen.findByText("All caught up: no unread notices.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Notice: Kick-off meeting" })).toBeInTheDocument();

    // Opening a read notice again sends nothing more.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Notice: Old news" }));
    await screen.findByRole("dialog", { name: "Old news" });
    expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("shows the empty state", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({ "GET /api/notices": () => ({ body: { items: [], total: 0, unread: 0 } }) }).fetch,
    );
    renderScreen(<StudentNotices />);
    expect((await screen.findByText("No notices yet")).closest("[data-empty-state]")).not.toBeNull();
  });

  it("shows an error when the notices cannot load", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/notices": () => ({ status: 500, body: { error: { code: "INTERNAL", message: "x" } } }),
      }).fetch,
    );
    renderScreen(<StudentNotices />);
    expect(
      await screen.findByText("Your notices could not be loaded. Please try again."),
    ).toBeInTheDocument();
  });
});

describe("Latest notice card", () => {
  it("shows the newest notice with its unread badge and a link to all notices", async () => {
    const seen: URL[] = [];
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/notices": (_b, url) => {
          seen.push(url);
          return { body: { items: [notice({ title: "Bring your sketches" })], total: 3, unread: 2 } };
        },
      }).fetch,
    );
    renderScreen(<LatestNoticeCard />);
    expect(await screen.findByText("Bring your sketches")).toBeInTheDocument();
    expect(screen.getByText("2 unread")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All notices" })).toHaveAttribute("href", "/student/notices");
    expect(seen[0].searchParams.get("pageSize")).toBe("1");
  });

  it("says when there is no notice yet", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({ "GET /api/notices": () => ({ body: { items: [], total: 0, unread: 0 } }) }).fetch,
    );
    renderScreen(<LatestNoticeCard />);
    // The shared empty state, as on every empty list.
    const title = await screen.findByText("No notices yet");
    expect(title.closest("[data-empty-state]")).toHaveTextContent(
      "Your supervisor's notices will appear here.",
    );
  });
});
