import { AID, TOPICS, topic } from "@client/test/allocation-fixture";
import { makeCell, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Term } from "@shared/schemas/terms";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MyTopics } from "./my-topics";
import { TopicBrowser } from "./topic-browser";

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

/** GET /api/terms with the current term in allocation mode (or as given). */
const terms = (o: Partial<Term> = {}) => {
  const t = termsFixture();
  t.items[0] = { ...t.items[0], id: AID.term, name: "Autumn 2027", mode: "allocation", ...o };
  return t;
};
const page = (items = TOPICS) => ({ body: { items, total: items.length, capped: false } });
const CELLS = {
  items: [
    makeCell({
      id: AID.cell,
      title: "Robotics",
      supervisorCount: 1,
      supervisors: [{ id: AID.kenji, name: "Dr. Kenji Watanabe", email: "k@uni.example" }],
    }),
  ],
};

describe("students' Topics", () => {
  it("in a term that does not allocate topics, says so and where groups go instead", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/terms": () => ({ body: termsFixture() }) }).fetch);
    renderScreen(<TopicBrowser />, { path: "/student/topics" });
    expect(await screen.findByText("Default has no topics")).toBeInTheDocument();
    expect(screen.getByText(MSG.noAllocationTerm)).toBeInTheDocument();
  });

  it("lists the current term's topics; search, research cell and supervisor go to the server", async () => {
    const asked: URLSearchParams[] = [];
    const api = fakeApi({
      "GET /api/terms": () => ({ body: terms() }),
      "GET /api/research-cells": () => ({ body: CELLS }),
      "GET /api/topics": (_b, url) => {
        asked.push(url.searchParams);
        return page(url.searchParams.get("q") ? [TOPICS[2]] : TOPICS);
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<TopicBrowser />, { path: "/student/topics" });
    const list = await screen.findByRole("list", { name: "Topics of Autumn 2027" });
    expect(
      within(list)
        .getAllByRole("article")
        .map((a) => a.getAttribute("aria-label")),
    ).toEqual(TOPICS.map((t) => t.title));
    expect(within(list).getByRole("article", { name: "Solar microgrid forecasting" })).toHaveTextContent(
      "Dr. Samuel Osei · Energy · 1 place",
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Search" }), "solar");
    await waitFor(() => expect(within(list).getAllByRole("article")).toHaveLength(1));
    await user.click(screen.getByRole("combobox", { name: "Research cell" }));
    await user.click(await screen.findByRole("option", { name: "Robotics", hidden: true }));
    await user.click(screen.getByRole("combobox", { name: "Supervisor" }));
    await user.click(await screen.findByRole("option", { name: "Dr. Kenji Watanabe", hidden: true }));
    await waitFor(() =>
      expect(Object.fromEntries(asked[asked.length - 1])).toMatchObject({
        q: "solar",
        researchCellId: AID.cell,
        supervisorId: AID.kenji,
        page: "1",
      }),
    );
    expect(api.calls.every((c) => c.method === "GET")).toBe(true);
  });

  it("says when nothing matches, and when the topics cannot be loaded", async () => {
    let fail = true;
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/terms": () => ({ body: terms() }),
        "GET /api/research-cells": () => ({ body: CELLS }),
        "GET /api/topics": () =>
          fail ? { status: 500, body: { error: { code: "INTERNAL", message: MSG.serverError } } } : page([]),
      }).fetch,
    );
    renderScreen(<TopicBrowser />, { path: "/student/topics" });
    expect(await screen.findByText("The topics could not be loaded.")).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No topics in Autumn 2027 yet.")).toBeInTheDocument();
  });
});

const supervisor = testUser({
  id: AID.kenji,
  role: "supervisor",
  name: "Dr. Kenji Watanabe",
  studentId: null,
});
const DASHBOARD = {
  counts: {
    thesisGroups: 0,
    projectGroups: 0,
    totalGroups: 0,
    pendingGroups: 0,
    overdueGroups: 0,
    researchCells: 1,
  },
  cells: [{ id: AID.cell, title: "Robotics", description: "" }],
};

describe("supervisors' Topics", () => {
  it("publishes a topic in their one cell, the server's refusal shown at its field", async () => {
    let mine = [] as typeof TOPICS;
    const api = fakeApi({
      "GET /api/terms": () => ({ body: terms() }),
      "GET /api/supervisor/dashboard": () => ({ body: DASHBOARD }),
      "GET /api/topics": () => page(mine),
      "POST /api/topics": (body) => {
        const b = body as { title: string };
        if (b.title === "Taken")
          return {
            status: 400,
            body: {
              error: {
                code: "VALIDATION",
                message: MSG.notYourCell,
                fields: { researchCellId: MSG.notYourCell },
              },
            },
          };
        mine = [topic({ title: b.title })];
        return { status: 201, body: { topic: mine[0] } };
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<MyTopics />, { user: supervisor, path: "/supervisor/topics" });
    expect(await screen.findByText("You have no topics in Autumn 2027.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "New topic" }));
    const dialog = await screen.findByRole("dialog", { name: "New topic" });
    // Nothing filled in: every required field says so, and nothing is sent.
    await user.clear(within(dialog).getByRole("textbox", { name: "Capacity (groups)" }));
    await user.click(within(dialog).getByRole("button", { name: "Publish topic" }));
    expect(within(dialog).getByText("Title is required.")).toBeInTheDocument();
    expect(within(dialog).getByText("Description is required.")).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);

    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Taken");
    await user.type(within(dialog).getByRole("textbox", { name: "Description" }), "About it.");
    await user.type(within(dialog).getByRole("textbox", { name: "Capacity (groups)" }), "2");
    await user.click(within(dialog).getByRole("button", { name: "Publish topic" }));
    expect(await within(dialog).findByText(MSG.notYourCell)).toBeInTheDocument();

    await user.clear(within(dialog).getByRole("textbox", { name: "Title" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Robot arms");
    await user.click(within(dialog).getByRole("button", { name: "Publish topic" }));
    expect(await screen.findByText(MSG.topicPublished("Robot arms"))).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === "POST").pop()?.body).toEqual({
      termId: AID.term,
      title: "Robot arms",
      description: "About it.",
      type: "Thesis",
      researchCellId: AID.cell,
      capacity: 2,
    });
    await screen.findByRole("article", { name: "Robot arms" });
  });

  it("withdraws a topic after a confirmation that says its groups are told", async () => {
    const api = fakeApi({
      "GET /api/terms": () => ({ body: terms() }),
      "GET /api/supervisor/dashboard": () => ({ body: DASHBOARD }),
      "GET /api/topics": () => page([topic({ applicants: 3 })]),
      [`DELETE /api/topics/${AID.k1}`]: () => ({ body: { topic: topic({ withdrawn: true }) } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<MyTopics />, { user: supervisor, path: "/supervisor/topics" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Withdraw Path planning for robots" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw this topic?" });
    expect(dialog).toHaveTextContent("the 3 groups that ranked it are told by email");
    await user.click(within(dialog).getByRole("button", { name: "Withdraw topic" }));
    expect(await screen.findByText(MSG.topicWithdrawnDone("Path planning for robots"))).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === "DELETE")).toBe(true);
  });

  it("after publication the topics are frozen: the reason is shown and nothing can be changed", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/terms": () => ({ body: terms({ allocationPublishedAt: "2027-02-02T10:00:00.000Z" }) }),
        "GET /api/supervisor/dashboard": () => ({ body: DASHBOARD }),
        "GET /api/topics": () => page([topic({ placed: 1 })]),
      }).fetch,
    );
    renderScreen(<MyTopics />, { user: supervisor, path: "/supervisor/topics" });
    expect(await screen.findByText("Topics are frozen")).toBeInTheDocument();
    expect(
      screen.getByText(
        new RegExp(MSG.allocationFrozen("Autumn 2027").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText("1 of 1 place taken")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New topic" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Withdraw/ })).toBeNull();
  });
});
