import { makeNotice } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SentNotices } from "./sent-notices";

const supervisor = testUser({ role: "supervisor", studentId: null });
afterEach(() => vi.unstubAllGlobals());

describe("Sent notices", () => {
  it("lists the supervisor's notices with group, recipients and how many read them", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/notices": () => ({
          body: {
            items: [
              makeNotice({
                id: "n1",
                title: "Kick-off meeting",
                description: "Room 4.12.",
                supervisor: { id: supervisor.id, name: supervisor.name },
                group: { id: "g", title: "Campus navigation app" },
                readAt: undefined,
                recipients: [
                  { id: "a", name: "Omar Farouk", readAt: "2025-03-01T11:00:00.000Z" },
                  { id: "b", name: "Sofia Martins", readAt: null },
                ],
              }),
            ],
            total: 1,
          },
        }),
      }).fetch,
    );
    renderScreen(<SentNotices />, { user: supervisor });
    const list = await screen.findByRole("list", { name: "Sent notices" });
    expect(within(list).getByText("Kick-off meeting")).toBeInTheDocument();
    expect(within(list).getByText(/To Campus navigation app/)).toBeInTheDocument();
    expect(within(list).getByText("Recipients: Omar Farouk, Sofia Martins")).toBeInTheDocument();
    expect(within(list).getByText("Read by 1/2")).toBeInTheDocument();
  });

  it("shows the empty and error states", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/notices": () => ({ body: { items: [], total: 0 } }) }).fetch);
    const { unmount } = renderScreen(<SentNotices />, { user: supervisor });
    expect((await screen.findByText("No notices sent yet")).closest("[data-empty-state]")).not.toBeNull();
    unmount();
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/notices": () => ({ status: 500, body: { error: { code: "INTERNAL", message: "x" } } }),
      }).fetch,
    );
    renderScreen(<SentNotices />, { user: supervisor });
    expect(
      await screen.findByText("Your sent notices could not be loaded. Please try again."),
    ).toBeInTheDocument();
  });
});
