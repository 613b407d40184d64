import { makeThesis, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThesisList } from "./thesis-list";

afterEach(() => vi.unstubAllGlobals());

const committee = testUser({ id: "c1", role: "committee", name: "Katherine Johnson", studentId: null });
const SPRING = "7e000000-0000-4000-8000-000000000100";

function setup(path = "/committee/theses", items = [makeThesis()], total = items.length, who = committee) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    fakeApi({
      "GET /api/terms": () => ({ body: termsFixture({ others: [{ id: SPRING, name: "Spring 2024" }] }) }),
      "GET /api/theses": (_b, url) => {
        // The list's own queries (not the count of a term's graded theses, one a page).
        if (url.searchParams.get("pageSize") !== "1") asked.push(url.searchParams);
        return { body: { items, total, capped: false } };
      },
      "GET /api/users": () => ({
        body: {
          items: [{ id: "e2", name: "Grace Hopper", email: "grace@uni.test", deactivatedAt: null }],
          total: 1,
          capped: false,
        },
      }),
    }).fetch,
  );
  const { router } = renderScreen(<ThesisList />, { user: who, path });
  return { asked, router, user: userEvent.setup() };
}

describe("the theses list", () => {
  it("by default every term's theses not yet released, 20 a page: title linked to its page, state, overdue, members", async () => {
    const { asked } = setup("/committee/theses", [
      makeThesis({ state: "Writing", dueAt: "2020-01-01T00:00:00.000Z", overdue: true }),
    ]);
    const table = await screen.findByRole("table", { name: "Theses" });
    const [, row] = within(table).getAllByRole("row");
    expect(within(row).getByRole("link", { name: "Graph neural networks for phishing" })).toHaveAttribute(
      "href",
      "/committee/theses/22222222-2222-4222-8222-222222222222",
    );
    expect(within(row).getByText("Overdue")).toBeInTheDocument();
    expect(within(row).getByText("Tanvir Hasan, Mei Lin")).toBeInTheDocument();
    expect(screen.getByText("Showing 1–1 of 1 thesis")).toBeInTheDocument();
    expect(Object.fromEntries(asked[0])).toEqual({ termId: "all", page: "1", pageSize: "20" });
  });

  it("reads the term, state, overdue and page from the address, and Only overdue moves the address", async () => {
    const { asked, router, user } = setup(
      `/committee/theses?termId=${SPRING}&state=Submitted&page=2`,
      [makeThesis()],
      21,
    );
    await screen.findByRole("table", { name: "Theses" });
    expect(Object.fromEntries(asked[0])).toEqual({
      termId: SPRING,
      state: "Submitted",
      page: "2",
      pageSize: "20",
    });
    expect(screen.getByRole("combobox", { name: "State" })).toHaveValue("Submitted");
    await user.click(screen.getByRole("checkbox", { name: "Only overdue" }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?termId=${SPRING}&state=Submitted&overdue=true`),
    );
    await waitFor(() => expect(asked.at(-1)?.get("overdue")).toBe("true"));
  });

  it("says when nothing matches", async () => {
    setup("/committee/theses?state=Released", []);
    expect(await screen.findByText("No theses match these filters.")).toBeInTheDocument();
  });

  it("a teacher's Examining view: Only theses I examine asks for the theses they examine, in the address", async () => {
    const teacher = testUser({ id: "t1", role: "supervisor", name: "Alan Turing", studentId: null });
    const { asked, router, user } = setup(
      "/supervisor/theses",
      [
        makeThesis({ state: "Submitted", yourAssessment: { dueAt: "2099-03-01T10:00:00.000Z", in: false } }),
        makeThesis({
          id: "33333333-3333-4333-8333-333333333333",
          title: "Marked already",
          state: "Submitted",
          yourAssessment: { dueAt: "2099-03-01T10:00:00.000Z", in: true },
        }),
        makeThesis({
          id: "44444444-4444-4444-8444-444444444444",
          title: "Late marking",
          state: "Submitted",
          yourAssessment: { dueAt: "2020-03-01T10:00:00.000Z", in: false },
        }),
      ],
      3,
      teacher,
    );
    const table = await screen.findByRole("table", { name: "Theses" });
    // What waits for them: their own assessment, due, in, or overdue.
    const [, due, done, late] = within(table).getAllByRole("row");
    expect(within(due).getByText(/^Your assessment due/)).toBeInTheDocument();
    expect(within(done).getByText("Your assessment is in")).toBeInTheDocument();
    expect(within(late).getByText("Overdue")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Export grades (CSV)" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Only theses I examine" }));
    await waitFor(() => expect(router.state.location.search).toBe("?examinerId=t1"));
    await waitFor(() => expect(asked.at(-1)?.get("examinerId")).toBe("t1"));
  });

  it("the committee filters by examiner and exports the grades of what the filters find", async () => {
    const { asked, router, user } = setup(`/committee/theses?termId=${SPRING}&state=Graded`);
    await screen.findByRole("table", { name: "Theses" });
    const exportLink = screen.getByRole("link", { name: "Export grades (CSV)" });
    expect(exportLink).toHaveAttribute("href", `/api/theses/grades.csv?termId=${SPRING}&state=Graded`);
    const select = screen.getByRole("combobox", { name: "Examiner" });
    await user.click(select);
    await waitFor(() => expect(select).toHaveAttribute("aria-controls"));
    const listbox = document.getElementById(select.getAttribute("aria-controls")!)!;
    await user.click(await within(listbox).findByRole("option", { name: /Grace Hopper/, hidden: true }));
    await waitFor(() => expect(router.state.location.search).toContain("examinerId=e2"));
    await waitFor(() => expect(asked.at(-1)?.get("examinerId")).toBe("e2"));
    expect(screen.getByRole("link", { name: "Export grades (CSV)" })).toHaveAttribute(
      "href",
      `/api/theses/grades.csv?termId=${SPRING}&state=Graded&examinerId=e2`,
    );
  });
});

describe("releasing a term's grades", () => {
  it("the committee, with a term chosen, releases every graded thesis after a confirmation naming the count", async () => {
    const calls: { path: string }[] = [];
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/terms": () => ({ body: termsFixture({ others: [{ id: SPRING, name: "Spring 2024" }] }) }),
        "GET /api/theses": (_b, url) => ({
          body: {
            items: [makeThesis({ state: "Graded" })],
            total: url.searchParams.get("state") ? 3 : 1,
            capped: false,
          },
        }),
        [`POST /api/terms/${SPRING}/release-grades`]: (_b, url) => {
          calls.push({ path: url.pathname });
          return { body: { released: [], waiting: [{ id: "x", title: "Late defense", reason: "Waits." }] } };
        },
      }).fetch,
    );
    renderScreen(<ThesisList />, { user: committee, path: `/committee/theses?termId=${SPRING}` });
    const user = userEvent.setup();
    const button = await screen.findByRole("button", { name: "Release every graded thesis of this term" });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/releases 3 graded theses of this term/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Release 3 graded theses" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await within(dialog).findByText("Late defense: Waits.")).toBeInTheDocument();
  });

  it("is not offered for every term at once", async () => {
    setup("/committee/theses");
    await screen.findByRole("table", { name: "Theses" });
    expect(screen.queryByRole("button", { name: /Release every graded thesis/ })).not.toBeInTheDocument();
  });
});
