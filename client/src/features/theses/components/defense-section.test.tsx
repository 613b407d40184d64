import { applyLiveEvent } from "@client/lib/live-events";
import { makeThesis, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Defense } from "@shared/schemas/defenses";
import type { Thesis } from "@shared/schemas/theses";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DefenseSection } from "./defense-section";

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const ID = "22222222-2222-4222-8222-222222222222";
const member = testUser({ id: "s1", role: "student", name: "Tanvir Hasan" });
const examiner = testUser({ id: "t2", role: "supervisor", name: "Dr. Second", studentId: null });
const committee = testUser({ id: "c1", role: "committee", name: "Katherine Johnson", studentId: null });
const ROOM = {
  id: "33333333-3333-4333-8333-333333333333",
  name: "A 101",
  capacity: 30,
  notes: "",
  createdAt: "2026-01-01T00:00:00.000Z",
};

const defense = (o: Partial<Defense> = {}): Defense => ({
  id: "44444444-4444-4444-8444-444444444444",
  thesisId: ID,
  startsAt: "2027-01-12T09:00:00.000Z",
  endsAt: "2027-01-12T09:45:00.000Z",
  minutes: 45,
  room: { id: ROOM.id, name: ROOM.name },
  onlineUrl: null,
  public: true,
  chair: { id: "c1", name: "Katherine Johnson" },
  people: [
    { id: "s1", name: "Tanvir Hasan" },
    { id: "t1", name: "Prof. Ada" },
  ],
  record: null,
  mayManage: false,
  mayRecord: false,
  ...o,
});

type Routes = Parameters<typeof fakeApi>[0];

function setup(
  thesis: Thesis,
  user: ReturnType<typeof testUser>,
  current: Defense | null,
  more: Routes = {},
) {
  const api = fakeApi({
    "GET /api/terms": () => ({ body: termsFixture() }),
    "GET /api/rooms": () => ({ body: { items: [ROOM] } }),
    "GET /api/users": () => ({
      body: {
        items: [
          { id: "c1", name: "Katherine Johnson", deactivatedAt: null },
          { id: "c9", name: "Gone Member", deactivatedAt: "2026-01-01T00:00:00.000Z" },
        ],
        total: 2,
        capped: false,
      },
    }),
    [`GET /api/theses/${ID}/defense`]: () => ({ body: { defense: current } }),
    [`GET /api/theses/${ID}/defense/slots`]: () => ({
      body: {
        items: [
          {
            startsAt: "2027-01-12T09:00:00.000Z",
            endsAt: "2027-01-12T09:45:00.000Z",
            room: { id: ROOM.id, name: ROOM.name },
          },
          {
            startsAt: "2027-01-12T09:30:00.000Z",
            endsAt: "2027-01-12T10:15:00.000Z",
            room: { id: ROOM.id, name: ROOM.name },
          },
        ],
      },
    }),
    [`POST /api/theses/${ID}/defense`]: () => ({
      status: 201,
      body: { defense: defense({ mayManage: true }) },
    }),
    ...more,
  });
  vi.stubGlobal("fetch", api.fetch);
  const { queryClient } = renderScreen(<DefenseSection thesis={thesis} />, { user });
  return { calls: api.calls, user: userEvent.setup(), queryClient };
}

describe("the thesis page's Defense section", () => {
  it("a member sees when, where, public, the people, Add to calendar; no minutes and no forms", async () => {
    const thesis = makeThesis({ state: "Submitted" });
    setup(thesis, member, defense());
    const section = await screen.findByRole("region", { name: "Defense" });
    expect(await within(section).findByText("12 January 2027, 09:00–09:45 (UTC)")).toBeInTheDocument();
    expect(within(section).getByText("A 101")).toBeInTheDocument();
    expect(within(section).getByText("Public")).toBeInTheDocument();
    expect(within(section).getByText("Tanvir Hasan, Prof. Ada")).toBeInTheDocument();
    expect(within(section).queryByText("Minutes")).not.toBeInTheDocument();
    expect(within(section).queryByRole("button")).not.toBeInTheDocument();
    expect(within(section).getByRole("link", { name: "Add to calendar" })).toHaveAttribute(
      "href",
      `/api/theses/${thesis.id}/defense.ics`,
    );
  });

  it("an examiner reads the minutes; an online defense shows its link; nothing shows while the thesis is written", async () => {
    setup(
      makeThesis({ state: "Graded" }),
      examiner,
      defense({
        room: null,
        onlineUrl: "https://meet.example.org/d",
        public: false,
        record: "Defended well.",
      }),
    );
    const section = await screen.findByRole("region", { name: "Defense" });
    expect(await within(section).findByText("Defended well.")).toBeInTheDocument();
    expect(within(section).getByRole("link", { name: "Online: https://meet.example.org/d" })).toHaveAttribute(
      "href",
      "https://meet.example.org/d",
    );
    expect(within(section).getByText("Closed")).toBeInTheDocument();
  });

  it("the committee schedules one: the start in the zone, a room of the list, public, an active committee member as chair", async () => {
    const { calls, user } = setup(makeThesis({ state: "Submitted" }), committee, null);
    expect(await screen.findByText("No defense is scheduled yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Schedule defense" }));
    const dialog = await screen.findByRole("dialog", { name: "Schedule defense" });
    await user.type(within(dialog).getByLabelText(/Starts/), "2027-01-12T09:00");
    await user.click(within(dialog).getByLabelText(/^Room/));
    await user.click(await screen.findByRole("option", { name: "A 101 (30 seats)", hidden: true }));
    await user.click(within(dialog).getByLabelText(/^Chair/));
    expect(screen.queryByRole("option", { name: "Gone Member", hidden: true })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("option", { name: "Katherine Johnson", hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Schedule defense" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      startsAt: "2027-01-12T09:00:00.000Z",
      roomId: ROOM.id,
      public: true,
      chairId: "c1",
    });
  });

  it("Find a time lists the free slots with their room; one click books one", async () => {
    const { calls, user } = setup(
      makeThesis({ state: "Submitted", supervisor: { id: "t2", name: "Dr. Second" } }),
      examiner,
      null,
    );
    await user.click(await screen.findByRole("button", { name: "Find a time" }));
    const book = await screen.findByRole("button", { name: "Book 12 January 2027, 09:30–10:15 in A 101" });
    expect(screen.getByText("12 January 2027, 09:00–09:45 · A 101")).toBeInTheDocument();
    await user.click(book);
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      startsAt: "2027-01-12T09:30:00.000Z",
      roomId: ROOM.id,
      public: true,
    });
  });

  it("the supervisor moves it in the Move defense dialog: the new start sent, told, the new time shown", async () => {
    let current: Defense | null = defense({ mayManage: true });
    const { calls, user } = setup(
      makeThesis({ state: "Submitted", supervisor: { id: "t2", name: "Dr. Second" } }),
      examiner,
      current,
      {
        [`GET /api/theses/${ID}/defense`]: () => ({ body: { defense: current } }),
        [`PATCH /api/defenses/${current.id}`]: () => {
          current = defense({
            mayManage: true,
            startsAt: "2027-01-13T09:00:00.000Z",
            endsAt: "2027-01-13T09:45:00.000Z",
          });
          return { body: { defense: current } };
        },
      },
    );
    const section = await screen.findByRole("region", { name: "Defense" });
    await user.click(await within(section).findByRole("button", { name: "Move defense" }));
    const dialog = await screen.findByRole("dialog", { name: "Move defense" });
    const starts = within(dialog).getByLabelText(/Starts/);
    expect(starts).toHaveValue("2027-01-12T09:00");
    await user.clear(starts);
    await user.type(starts, "2027-01-13T09:00");
    await user.click(within(dialog).getByRole("button", { name: "Move defense" }));
    expect(await screen.findByText(MSG.defenseMoved)).toBeInTheDocument();
    expect(await within(section).findByText("13 January 2027, 09:00–09:45 (UTC)")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      startsAt: "2027-01-13T09:00:00.000Z",
      minutes: 45,
      roomId: ROOM.id,
      onlineUrl: null,
      public: true,
    });
  });

  it("the supervisor cancels it after the confirmation: told, no defense, Find a time offered again", async () => {
    let current: Defense | null = defense({ mayManage: true });
    const { calls, user } = setup(
      makeThesis({ state: "Submitted", supervisor: { id: "t2", name: "Dr. Second" } }),
      examiner,
      current,
      {
        [`GET /api/theses/${ID}/defense`]: () => ({ body: { defense: current } }),
        [`DELETE /api/defenses/${current.id}`]: () => {
          current = null;
          return { body: { ok: true } };
        },
      },
    );
    const section = await screen.findByRole("region", { name: "Defense" });
    await user.click(await within(section).findByRole("button", { name: "Cancel defense" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel the defense?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel defense" }));
    expect(await screen.findByText(MSG.defenseCancelled)).toBeInTheDocument();
    expect(await within(section).findByText("No defense is scheduled yet.")).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Find a time" })).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Move defense" })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      `/api/defenses/${defense().id}`,
    ]);
  });

  it("a cancel the page hears of (a live event) before its answer comes is still told, and the dialog goes", async () => {
    let current: Defense | null = defense({ mayManage: true });
    const { user, queryClient } = setup(
      makeThesis({ state: "Submitted", supervisor: { id: "t2", name: "Dr. Second" } }),
      examiner,
      current,
      {
        [`GET /api/theses/${ID}/defense`]: () => ({ body: { defense: current } }),
        [`DELETE /api/defenses/${current.id}`]: () => {
          current = null;
          return { body: { ok: true } };
        },
      },
    );
    // The server's answer to the DELETE waits until the page has heard of the cancel.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const served = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await served(input, init);
      if (init?.method === "DELETE") await answered;
      return res;
    });
    const section = await screen.findByRole("region", { name: "Defense" });
    await user.click(await within(section).findByRole("button", { name: "Cancel defense" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel the defense?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel defense" }));
    await waitFor(() => expect(current).toBeNull());
    applyLiveEvent(
      queryClient,
      {
        type: "thesis.changed",
        thesisId: ID,
        proposalId: "11111111-1111-4111-8111-111111111111",
        title: "Graph neural networks for phishing",
        action: "cancelDefense",
        by: "Dr. Second",
        headline: "Defense cancelled",
        message: "Dr. Second cancelled the defense.",
      },
      "t2",
    );
    // The section shows no defense: the cancel button, and the dialog it opened, are gone.
    expect(await within(section).findByText("No defense is scheduled yet.")).toBeInTheDocument();
    answer();
    expect(await screen.findByText(MSG.defenseCancelled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows nothing for a thesis being written (no request)", async () => {
    const { calls } = setup(makeThesis({ state: "Writing" }), committee, null);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("region", { name: "Defense" })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith("/defense"))).toEqual([]);
  });
});
