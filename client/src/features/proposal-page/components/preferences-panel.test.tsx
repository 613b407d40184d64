import { layOutRankedRows } from "@client/components/ranked-list.test-support";
import { AID, TOPICS } from "@client/test/allocation-fixture";
import { makeTerm } from "@client/test/factories";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { PreferenceList } from "@shared/schemas/allocation";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ID, lifeProposal, PEOPLE } from "./test-data";
import { renderPage } from "./test-render";

let restore: () => void;
beforeEach(() => {
  restore = layOutRankedRows();
});
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
  notifications.clean();
});

const waiting = lifeProposal({
  title: "",
  abstract: "",
  status: "Awaiting allocation",
  supervisor: null,
  researchCell: null,
  version: 0,
  term: {
    id: AID.term,
    name: "Autumn 2027",
    mode: "allocation",
    committeeApproval: false,
    revisionsCloseAt: null,
  },
});
const prefs = (o: Partial<PreferenceList> = {}): PreferenceList => ({
  items: [TOPICS[0], TOPICS[2]].map((t) => ({
    topicId: t.id,
    title: t.title,
    supervisor: t.supervisor,
    researchCell: t.researchCell,
  })),
  maxPreferences: 3,
  publishedAt: null,
  ...o,
});
const titles = (name: string) =>
  [...screen.getByRole("list", { name }).querySelectorAll(":scope > li")].map(
    (li) => li.querySelector("p")?.textContent,
  );

describe("the group's ranked topics on the proposal page", () => {
  it("names an untitled group by its creator and says cell and supervisor are not allocated yet", async () => {
    renderPage({
      user: PEOPLE.member,
      proposal: waiting,
      versions: [],
      routes: { [`GET /api/proposals/${ID}/preferences`]: () => ({ body: prefs() }) },
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: MSG.untitledGroup("Alan Creator") }),
    ).toBeInTheDocument();
    expect(screen.getAllByText("Not allocated yet")).toHaveLength(2);
  });

  it("a member reorders the list and saves it; the server's refusal is shown at the list", async () => {
    let refuse = false;
    const { api } = renderPage({
      user: PEOPLE.member,
      proposal: waiting,
      versions: [],
      routes: {
        [`GET /api/proposals/${ID}/preferences`]: () => ({ body: prefs() }),
        "GET /api/topics": () => ({ body: { items: TOPICS, total: 3, capped: false } }),
        [`PUT /api/proposals/${ID}/preferences`]: () =>
          refuse
            ? {
                status: 400,
                body: {
                  error: {
                    code: "VALIDATION",
                    message: MSG.unknownTopic,
                    fields: { topicIds: MSG.unknownTopic },
                  },
                },
              }
            : { body: { ok: true } },
      },
    });
    const user = userEvent.setup();
    const list = "Your group's ranked topics";
    await screen.findByRole("list", { name: list });
    expect(titles(list)).toEqual(["Path planning for robots", "Solar microgrid forecasting"]);
    expect(screen.getByRole("button", { name: "Save preferences" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Move Solar microgrid forecasting up" }));
    expect(titles(list)).toEqual(["Solar microgrid forecasting", "Path planning for robots"]);
    await user.click(screen.getByRole("button", { name: "Save preferences" }));
    expect(await screen.findByText(MSG.preferencesSaved)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ topicIds: [AID.s1, AID.k1] });

    refuse = true;
    await user.click(screen.getByRole("button", { name: "Remove Path planning for robots" }));
    await user.click(screen.getByRole("button", { name: "Save preferences" }));
    const field = screen.getByRole("group", { name: list });
    expect(await within(field).findByText(MSG.unknownTopic)).toBeInTheDocument();
  });

  it("after publication the list is frozen, with the reason", async () => {
    renderPage({
      user: PEOPLE.member,
      proposal: waiting,
      versions: [],
      routes: {
        [`GET /api/proposals/${ID}/preferences`]: () => ({
          body: prefs({ publishedAt: "2027-02-02T10:00:00.000Z" }),
        }),
      },
    });
    expect(await screen.findByText(/its topics and preferences can no longer change/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save preferences" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Drag/ })).toBeNull();
    expect(titles("The group's ranked topics")).toEqual([
      "Path planning for robots",
      "Solar microgrid forecasting",
    ]);
  });

  it("the committee places a group left unmatched after publication; a full topic's refusal is said at the field", async () => {
    const { api } = renderPage({
      user: PEOPLE.committee,
      proposal: waiting,
      versions: [],
      routes: {
        "GET /api/terms": () => ({
          body: {
            items: [
              {
                ...makeTerm({ id: AID.term, name: "Autumn 2027", mode: "allocation" }),
                allocationPublishedAt: "2027-02-02T10:00:00.000Z",
              },
            ],
            timeZone: "UTC",
          },
        }),
        [`GET /api/proposals/${ID}/preferences`]: () => ({
          body: prefs({ publishedAt: "2027-02-02T10:00:00.000Z" }),
        }),
        "GET /api/topics": () => ({
          body: { items: [{ ...TOPICS[0], placed: 1 }, TOPICS[1]], total: 2, capped: false },
        }),
        [`POST /api/proposals/${ID}/place`]: () => ({
          status: 409,
          body: {
            error: { code: "CONFLICT", message: MSG.noPlacesLeft("Dr. Kenji Watanabe", "Autumn 2027") },
          },
        }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Place" }));
    const dialog = await screen.findByRole("dialog", { name: "Place this group?" });
    await user.click(within(dialog).getByRole("combobox", { name: "Topic" }));
    expect(
      await screen.findByRole("option", {
        name: /^Path planning for robots .*0 of 1 places left/,
        hidden: true,
      }),
    ).toHaveAttribute("data-combobox-disabled", "true");
    await user.click(screen.getByRole("option", { name: /^Simulating drone swarms/, hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Place group" }));
    expect(
      await within(dialog).findByText(MSG.noPlacesLeft("Dr. Kenji Watanabe", "Autumn 2027")),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ topicId: AID.k2 });
  });

  it("before publication the committee has no Place", async () => {
    renderPage({
      user: PEOPLE.committee,
      proposal: waiting,
      versions: [],
      routes: { [`GET /api/proposals/${ID}/preferences`]: () => ({ body: prefs() }) },
    });
    await screen.findByRole("list", { name: "The group's ranked topics" });
    expect(screen.queryByRole("button", { name: "Place" })).toBeNull();
  });
});
