import { fakeApi, renderScreen } from "@client/test/render";
import { ARCHIVE_MSG as M } from "@shared/archive-messages";
import type { ArchiveEntry } from "@shared/schemas/archive";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ArchiveEntryPage } from "./archive-entry-page";
import { ArchivePage } from "./archive-page";

afterEach(() => vi.unstubAllGlobals());

const ID = "33333333-3333-4333-8333-333333333333";
const ENTRY: ArchiveEntry = {
  id: ID,
  title: "Tiling the plane",
  abstract: "Aperiodic monotiles and their diffraction.",
  type: "Thesis",
  students: ["Ana Author", "Ben Author"],
  supervisor: { id: "t1", name: "Dr. Marco Bianchi" },
  cell: { id: "c1", name: "Geometry" },
  year: 2026,
  releasedAt: "2026-06-15T12:00:00.000Z",
  visibility: "Public",
  documentUrl: `/api/archive/${ID}/document`,
};
const FILTERS = { years: [2026], cells: [{ id: "c1", name: "Geometry" }], supervisors: [] };

function archive(items: (url: URL) => ArchiveEntry[]) {
  const api = fakeApi({
    "GET /api/archive": (_b, url) => {
      const found = items(url);
      return { body: { items: found, total: found.length, capped: false } };
    },
    "GET /api/archive/filters": () => ({ body: FILTERS }),
  });
  vi.stubGlobal("fetch", api.fetch);
  return api;
}

describe("the archive page", () => {
  it("without login: lists the entries, searches by words in the address, and says when nothing matches", async () => {
    const api = archive((url) => (url.searchParams.get("q") === "nothing" ? [] : [ENTRY]));
    const { router } = renderScreen(<ArchivePage />, { user: null, path: "/archive" });
    const list = await screen.findByRole("list", { name: M.archiveResults });
    expect(within(list).getByRole("link", { name: ENTRY.title })).toHaveAttribute("href", `/archive/${ID}`);
    expect(
      within(list).getByText(/Ana Author, Ben Author · Dr\. Marco Bianchi · Geometry · 2026/),
    ).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("1 thesis");
    expect(screen.getByText(M.archiveSignInHint, { exact: false })).toBeVisible();

    await userEvent.type(screen.getByRole("searchbox", { name: M.archiveSearchLabel }), "nothing");
    await screen.findByText(M.archiveNoMatchTitle);
    expect(router.state.location.search).toBe("?q=nothing");
    expect(api.calls.some((c) => c.path === "/api/archive")).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: M.archiveClear }));
    await screen.findByRole("list", { name: M.archiveResults });
  });

  it("an empty archive says so; signed in, no invitation to log in", async () => {
    archive(() => []);
    renderScreen(<ArchivePage />, { path: "/supervisor/archive" });
    await screen.findByText(M.archiveNoneTitle);
    expect(screen.queryByText(M.archiveSignInHint, { exact: false })).toBeNull();
  });
});

describe("an archive entry", () => {
  it("shows the thesis and links its final PDF", async () => {
    vi.stubGlobal("fetch", fakeApi({ [`GET /api/archive/${ID}`]: () => ({ body: { entry: ENTRY } }) }).fetch);
    renderScreen(<ArchiveEntryPage />, { user: null, path: `/archive/${ID}`, route: "/archive/:id" });
    await screen.findByRole("heading", { name: ENTRY.title, level: 1 });
    expect(screen.getByText("Ana Author, Ben Author")).toBeVisible();
    expect(screen.getByRole("link", { name: M.archiveDocument })).toHaveAttribute("href", ENTRY.documentUrl);
    expect(screen.getByRole("link", { name: M.archiveBack })).toHaveAttribute("href", "/archive");
  });

  it("one the visitor may not see reads as not in the archive", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        [`GET /api/archive/${ID}`]: () => ({
          status: 404,
          body: { error: { code: "NOT_FOUND", message: "Not found." } },
        }),
      }).fetch,
    );
    renderScreen(<ArchiveEntryPage />, { user: null, path: `/archive/${ID}`, route: "/archive/:id" });
    await screen.findByRole("heading", { name: M.archiveEntryMissingTitle, level: 1 });
    await waitFor(() => expect(screen.queryByRole("link", { name: M.archiveDocument })).toBeNull());
  });
});
