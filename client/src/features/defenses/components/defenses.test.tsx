import { termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import type { DefenseListItem } from "@shared/schemas/defenses";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Defenses } from "./defenses";

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });
const ROOM = { id: "20000000-0000-4000-8000-000000000001", name: "A 101" };
const ANA = { id: "30000000-0000-4000-8000-000000000001", name: "Ana Member", role: "member" as const };
const BEN = { id: "30000000-0000-4000-8000-000000000002", name: "Ben Member", role: "member" as const };
const PROF = { id: "30000000-0000-4000-8000-000000000003", name: "Prof. Ada", role: "examiner" as const };

const defense = (o: Partial<DefenseListItem>): DefenseListItem => ({
  id: "40000000-0000-4000-8000-000000000001",
  thesisId: "50000000-0000-4000-8000-000000000001",
  title: "Hall thesis",
  // Tuesday 30 March 2027, 10:00 in Berlin (UTC+2 since the 28th).
  startsAt: "2027-03-30T08:00:00.000Z",
  endsAt: "2027-03-30T08:45:00.000Z",
  room: ROOM,
  onlineUrl: null,
  public: true,
  people: [ANA, PROF],
  ...o,
});
const HALL = defense({});
const ONLINE = defense({
  id: "40000000-0000-4000-8000-000000000002",
  thesisId: "50000000-0000-4000-8000-000000000002",
  title: "Online thesis",
  startsAt: "2027-03-31T12:00:00.000Z",
  endsAt: "2027-03-31T12:45:00.000Z",
  room: null,
  onlineUrl: "https://meet.example/x",
  public: false,
  people: [BEN, PROF],
});

afterEach(() => vi.unstubAllGlobals());

function setup(path: string) {
  const urls: URL[] = [];
  const api = fakeApi({
    "GET /api/terms": () => ({ body: termsFixture({ timeZone: "Europe/Berlin" }) }),
    "GET /api/rooms": () => ({ body: { items: [{ ...ROOM, capacity: 20, notes: "", createdAt: "" }] } }),
    "GET /api/defenses": (_body, url) => {
      urls.push(url);
      const q = url.searchParams;
      const items = [HALL, ONLINE].filter(
        (d) =>
          (!q.get("roomId") || d.room?.id === q.get("roomId")) &&
          (!q.get("personId") || d.people.some((p) => p.id === q.get("personId"))),
      );
      return { body: { from: q.get("from") ?? "", to: q.get("to") ?? "", items, more: false } };
    },
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<Defenses />, { user: me, path });
  return { api: { ...api, urls }, user: userEvent.setup() };
}
/** The ranges the screen asked for. */
const asked = (api: ReturnType<typeof setup>["api"]) =>
  api.urls
    .filter((u) => u.pathname === "/api/defenses")
    .map((u) => ({ from: u.searchParams.get("from"), to: u.searchParams.get("to") }));

describe("Defenses (committee)", () => {
  it("the week of 29 March 2027 in Berlin: Monday to Friday, each defense on its day with its time, thesis link and place", async () => {
    const { api } = setup("/committee/defenses?view=week&week=2027-03-31");
    const tuesday = await screen.findByRole("region", { name: "Tuesday, 30 March 2027" });
    expect(await within(tuesday).findByRole("link", { name: "Hall thesis" })).toHaveAttribute(
      "href",
      `/committee/theses/${HALL.thesisId}`,
    );
    expect(within(tuesday).getByText("10:00–10:45")).toBeInTheDocument();
    expect(within(tuesday).getByText("A 101")).toBeInTheDocument();
    const wednesday = screen.getByRole("region", { name: "Wednesday, 31 March 2027" });
    expect(within(wednesday).getByText("14:00–14:45")).toBeInTheDocument();
    expect(within(wednesday).getByText("Online")).toBeInTheDocument();
    expect(within(wednesday).getByText("Closed")).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Monday, 29 March 2027" })).getByText("No defenses"),
    ).toBeVisible();
    expect(screen.getByRole("region", { name: "Friday, 2 April 2027" })).toBeInTheDocument();
    // The week asked is Berlin's Monday 00:00 to Saturday 00:00 (the clocks went forward on the 28th).
    // Asked once the zone is known, never for a week cut in UTC.
    expect(new Set(asked(api).map((r) => JSON.stringify(r)))).toEqual(
      new Set([JSON.stringify({ from: "2027-03-28T22:00:00.000Z", to: "2027-04-02T22:00:00.000Z" })]),
    );
  });

  it("the list by start with its people by role; a person's filter narrows it", async () => {
    const { user } = setup("/committee/defenses");
    const table = await screen.findByRole("table", { name: "Defenses" });
    const rows = await within(table).findAllByRole("row");
    expect(rows[1]).toHaveTextContent("Hall thesis");
    expect(rows[1]).toHaveTextContent("Members: Ana Member · Examiners: Prof. Ada");
    expect(rows[2]).toHaveTextContent("Online thesis");
    await user.click(screen.getByRole("combobox", { name: "Person" }));
    await user.click(await screen.findByRole("option", { name: "Ben Member", hidden: true }));
    await waitFor(() => expect(within(table).queryByText("Hall thesis")).not.toBeInTheDocument());
    expect(within(table).getByText("Online thesis")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Person" })).toHaveValue("Ben Member");
  });
});
