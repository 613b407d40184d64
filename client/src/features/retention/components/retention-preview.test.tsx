import { fakeApi, renderScreen, testUser } from "@client/test/render";
import type { RetentionPreview as Preview } from "@shared/schemas/retention";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RetentionPreview } from "./retention-preview";

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });
const preview = (over: Partial<Preview> = {}): Preview => ({
  years: 5,
  nextRunAt: "2026-11-29T06:00:00.000Z",
  cutoff: "2021-11-29T06:00:00.000Z",
  counts: { records: 3, messages: 1204, notices: 7, versions: 5, internalComments: 2, accounts: 1 },
  lastRun: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

function setup(body: Preview | null) {
  const api = fakeApi({
    "GET /api/retention/preview": () =>
      body ? { body } : { status: 500, body: { error: { message: "Boom." } } },
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<RetentionPreview />, { user: me, path: "/committee/retention" });
}

describe("Data retention", () => {
  it("shows the next run, the period and what it would remove, in counts", async () => {
    setup(preview());
    await screen.findByText("Chat messages");
    const figures = screen.getByRole("region", { name: "What the next run would remove" });
    expect(within(figures).getByText("Chat messages").nextSibling).toHaveTextContent("1,204");
    expect(within(figures).getByText("Accounts to anonymise").nextSibling).toHaveTextContent("1");
    expect(screen.getByText("5 years (RETENTION_YEARS)")).toBeInTheDocument();
    expect(screen.getByText("No run yet.")).toBeInTheDocument();
  });

  it("names the last run with its counts", async () => {
    setup(preview({ lastRun: { at: "2026-11-28T06:00:00.000Z", note: "2 records: 14 chat messages" } }));
    expect(await screen.findByText(/2 records: 14 chat messages/)).toBeInTheDocument();
  });

  it("says so when the preview cannot be loaded", async () => {
    setup(null);
    expect(await screen.findByText("The retention preview could not be loaded.")).toBeInTheDocument();
  });
});
