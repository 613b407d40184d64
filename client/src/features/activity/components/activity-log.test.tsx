import { makeActivity, makePerson, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { MSG } from "@shared/messages";
import type { ActivityItem } from "@shared/schemas/life";
import type { Person } from "@shared/schemas/users";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ActivityLog } from "./activity-log";

afterEach(() => vi.unstubAllGlobals());

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });
const MEI = "33333333-3333-4333-8333-000000000002";
const TANVIR = "33333333-3333-4333-8333-000000000001";
const PROPOSAL = { id: "44444444-4444-4444-8444-000000000001", title: "Phishing with GNNs" };

const item = (id: number, o: Partial<ActivityItem> = {}): ActivityItem =>
  makeActivity({
    id,
    at: "2025-03-01T10:05:00.000Z",
    actor: { id: TANVIR, name: "Tanvir Hasan" },
    action: "submit",
    proposal: PROPOSAL,
    to: "Awaiting members",
    ...o,
  });

const ITEMS = [
  item(3, {
    at: "2025-03-03T23:30:00.000Z",
    actor: null,
    kind: "proposal",
    action: "expire",
    from: "Changes requested",
    to: "Withdrawn",
    note: "revision deadline passed",
  }),
  item(2, {
    kind: "invitation",
    action: "invite",
    subject: { id: MEI, name: "Mei Lin" },
    to: null,
  }),
  item(1),
];

const person = (id: string, name: string, role: Person["role"]): Person =>
  makePerson({
    id,
    name,
    email: `${name.split(" ")[0].toLowerCase()}@uni.example`,
    role,
    studentId: role === "student" ? "S-2" : null,
    createdAt: "2025-01-01T00:00:00.000Z",
  });

function setup(
  path = "/committee/activity",
  answer: (url: URL) => { status?: number; body: unknown } = () => ({
    body: { items: ITEMS, total: ITEMS.length, capped: false },
  }),
) {
  const asked: URLSearchParams[] = [];
  const people: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    fakeApi({
      "GET /api/terms": () => ({ body: termsFixture({ timeZone: "Asia/Dhaka" }) }),
      "GET /api/activity": (_b, url) => {
        asked.push(url.searchParams);
        return answer(url);
      },
      "GET /api/users": (_b, url) => {
        people.push(url.searchParams);
        const role = url.searchParams.get("role");
        const items =
          role === "student"
            ? [person(MEI, "Mei Lin", "student")]
            : role === "supervisor"
              ? [person("55555555-5555-4555-8555-000000000001", "Dr. Meir Cohen", "supervisor")]
              : [];
        return { body: { items, total: items.length, capped: false } };
      },
    }).fetch,
  );
  const { router } = renderScreen(<ActivityLog />, { user: me, path });
  return { asked, people, router, user: userEvent.setup() };
}

describe("Activity log", () => {
  it("shows each entry newest first: time in the department's zone, who (or ThesisDesk), what, the proposal, statuses, note", async () => {
    setup();
    const table = await screen.findByRole("table", { name: "Activity" });
    await waitFor(() =>
      expect(within(table).getByRole("columnheader", { name: "Time (Asia/Dhaka)" })).toBeInTheDocument(),
    );
    const [, expired, invited, submitted] = within(table).getAllByRole("row");
    // 23:30 UTC is 05:30 the next day in Dhaka (UTC+6).
    expect(expired).toHaveTextContent("4 March 2025, 05:30");
    expect(expired).toHaveTextContent("ThesisDesk (automatic)");
    expect(expired).toHaveTextContent("withdrew the proposal: the revision deadline passed");
    expect(expired).toHaveTextContent("Changes requested → Withdrawn");
    expect(expired).toHaveTextContent("revision deadline passed");
    expect(invited).toHaveTextContent("Tanvir Hasan");
    expect(invited).toHaveTextContent("invited Mei Lin");
    expect(within(submitted).getByRole("link", { name: "Phishing with GNNs" })).toHaveAttribute(
      "href",
      `/committee/proposals/${PROPOSAL.id}`,
    );
    expect(submitted).toHaveTextContent("→ Awaiting members");
    expect(screen.getByText("Times are in Asia/Dhaka.")).toBeInTheDocument();
  });

  it("says what happened in a sentence, whom it concerns in its place, and breaks no word", async () => {
    const assigned = item(9, {
      actor: { id: "66666666-6666-4666-8666-000000000001", name: "Katherine Johnson" },
      kind: "cell",
      action: "assign",
      proposal: null,
      subject: { id: "66666666-6666-4666-8666-000000000002", name: "Barbara Liskov" },
      to: null,
      note: "Machine Learning",
    });
    setup(undefined, () => ({ body: { items: [assigned], total: 1, capped: false } }));
    const table = await screen.findByRole("table", { name: "Activity" });
    const [, only] = within(table).getAllByRole("row");
    const cells = within(only).getAllByRole("cell");
    expect(cells[1]).toHaveTextContent("Katherine Johnson");
    expect(cells[2]).toHaveTextContent(/^assigned Barbara Liskov to a research cell$/);
    // A note wraps between words only ("unmatched", not "unmatche d"): no break anywhere.
    const note = within(cells[5]).getByText("Machine Learning");
    expect(note.style.overflowWrap).toBe("break-word");
  });

  it("reads the filters from the address, sends them, and exports the same rows as CSV", async () => {
    const { asked } = setup(
      `/committee/activity?personId=${MEI}&kind=invitation&from=2025-03-01&to=2025-03-31&page=2`,
      () => ({
        body: { items: [ITEMS[1]], total: 26, capped: false },
      }),
    );
    await screen.findByRole("table", { name: "Activity" });
    expect(Object.fromEntries(asked[0])).toMatchObject({
      personId: MEI,
      kind: "invitation",
      from: "2025-03-01",
      to: "2025-03-31",
      page: "2",
      pageSize: "25",
    });
    expect(screen.getByLabelText("From")).toHaveValue("2025-03-01");
    expect(screen.getByLabelText("To")).toHaveValue("2025-03-31");
    expect(screen.getByRole("combobox", { name: "Kind" })).toHaveValue("Invitations");
    // After a reload the address has the person's id only: their name comes from the rows.
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Person" })).toHaveValue("Mei Lin"));
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      `/api/activity.csv?personId=${MEI}&kind=invitation&from=2025-03-01&to=2025-03-31`,
    );
    expect(screen.getByText("Showing 26–26 of 26 entries")).toBeInTheDocument();
  });

  it("finds a person in every role on the server, and filters by them", async () => {
    const { user, people, router, asked } = setup();
    await screen.findByRole("table", { name: "Activity" });
    const field = screen.getByRole("combobox", { name: "Person" });
    await user.click(field);
    await user.type(field, "Me");
    const listbox = await screen.findByRole("listbox", { name: "Person", hidden: true });
    await waitFor(() => expect(within(listbox).getAllByRole("option", { hidden: true })).toHaveLength(2));
    expect([...new Set(people.map((p) => p.get("role")))].sort()).toEqual([
      "committee",
      "student",
      "supervisor",
    ]);
    expect(people.every((p) => p.get("q") === "Me")).toBe(true);
    expect(within(listbox).getByText("Students")).toBeInTheDocument();
    expect(within(listbox).getByText("Teachers")).toBeInTheDocument();
    await user.click(within(listbox).getByRole("option", { name: "Mei Lin (S-2)", hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe(`?personId=${MEI}`));
    await waitFor(() => expect(asked.at(-1)?.get("personId")).toBe(MEI));
  });

  it("asks nothing of the people search for a single character", async () => {
    const { user, people } = setup();
    await screen.findByRole("table", { name: "Activity" });
    await user.type(screen.getByRole("combobox", { name: "Person" }), "M");
    expect(await screen.findByText("Type at least 2 characters of a name or email")).toBeInTheDocument();
    expect(people).toHaveLength(0);
  });

  it("filters by kind and days, each change back on page one; Clear filters empties them", async () => {
    const { user, router, asked } = setup("/committee/activity?page=3", () => ({
      body: { items: ITEMS, total: 80, capped: false },
    }));
    await screen.findByRole("table", { name: "Activity" });
    await user.click(screen.getByRole("combobox", { name: "Kind" }));
    await user.click(await screen.findByRole("option", { name: "Proposals", hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe("?kind=proposal"));
    await user.type(screen.getByLabelText("From"), "2025-03-02");
    await waitFor(() => expect(asked.at(-1)?.get("from")).toBe("2025-03-02"));
    expect(asked.at(-1)?.get("kind")).toBe("proposal");
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("pages on the server", async () => {
    const { user, asked, router } = setup("/committee/activity", (url) => {
      const page = Number(url.searchParams.get("page"));
      return { body: { items: [item(100 - page, { note: `page ${page}` })], total: 60, capped: false } };
    });
    await screen.findByText("page 1");
    await user.click(screen.getByRole("button", { name: "Page 3" }));
    await screen.findByText("page 3");
    expect(asked.at(-1)?.get("page")).toBe("3");
    expect(router.state.location.search).toBe("?page=3");
  });

  it("says when nothing matches, and when the log cannot be loaded", async () => {
    setup("/committee/activity?kind=term", () => ({ body: { items: [], total: 0, capped: false } }));
    expect(await screen.findByText("Nothing matches these filters.")).toBeInTheDocument();
  });

  it("says when the log cannot be loaded, with a way to try again", async () => {
    setup("/committee/activity", () => ({
      status: 500,
      body: { error: { code: "INTERNAL", message: "Boom." } },
    }));
    expect(await screen.findByText(MSG.fetchActivityFailed)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
