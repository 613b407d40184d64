import { layOutRankedRows } from "@client/components/ranked-list.test-support";
import { AID, TOPICS } from "@client/test/allocation-fixture";
import { termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SubmitProposal } from "./submit-proposal";
import { wholeProposal } from "./test-data";

let restore: () => void;
beforeEach(() => {
  restore = layOutRankedRows();
});
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
  notifications.clean();
});

function setup(post: Parameters<typeof fakeApi>[0][string]) {
  const t = termsFixture();
  t.items[0] = { ...t.items[0], name: "Autumn 2027", mode: "allocation", maxPreferences: 2 };
  const api = fakeApi({
    "GET /api/terms": () => ({ body: t }),
    "GET /api/proposals": () => ({ body: { items: [], total: 0, capped: false } }),
    "GET /api/students": () => ({ body: { items: [] } }),
    "GET /api/topics": (_b, url) => {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const items = TOPICS.filter((x) => x.title.toLowerCase().includes(q));
      return { body: { items, total: items.length, capped: false } };
    },
    "POST /api/proposals": post,
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<SubmitProposal />, { path: "/student/proposal" });
  return api;
}

async function add(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(screen.getByRole("combobox", { name: "Add a topic" }));
  await user.click(await screen.findByRole("option", { name: new RegExp(`^${title}`), hidden: true }));
}

const ranked = () =>
  [...screen.getByRole("list", { name: "Ranked topics" }).querySelectorAll(":scope > li")].map(
    (li) => li.querySelector("p")?.textContent,
  );

describe("Submit Proposal in an allocation term", () => {
  it("asks for ranked topics instead of a cell, a supervisor and a type; title and abstract are optional", async () => {
    const created = wholeProposal({
      id: "new-1",
      title: "",
      status: "Awaiting allocation",
      supervisor: null,
      researchCell: null,
    });
    const api = setup(() => ({ status: 201, body: { proposal: created, created: true } }));
    const user = userEvent.setup();
    await screen.findByRole("combobox", { name: "Add a topic" });
    expect(screen.queryByRole("textbox", { name: "Research Cell" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Supervisor" })).toBeNull();
    expect(screen.getByRole("textbox", { name: "Title (optional)" })).not.toBeRequired();
    // The words follow the term's mode: no supervisor is chosen here.
    expect(
      screen.getByText(/the group waits for the committee's allocation of topics once everyone has answered/),
    ).toBeInTheDocument();

    // Nothing ranked: said at the list, nothing sent.
    await user.click(screen.getByRole("button", { name: "Submit Proposal" }));
    expect(await screen.findByText(MSG.rankAtLeastOne)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);

    await add(user, "Solar microgrid forecasting");
    await add(user, "Path planning for robots");
    expect(ranked()).toEqual(["Solar microgrid forecasting", "Path planning for robots"]);
    // The list is full at the term's maximum (2).
    expect(screen.getByRole("combobox", { name: "Add a topic" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Move Path planning for robots up" }));
    expect(ranked()).toEqual(["Path planning for robots", "Solar microgrid forecasting"]);
    await user.click(screen.getByRole("button", { name: "Submit Proposal" }));
    expect(await screen.findByText("Your proposal is submitted")).toBeInTheDocument();
    expect(screen.getByText(/The committee allocates the topics/)).toBeInTheDocument();
    const body = api.calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({ memberIds: [], preferences: [AID.k1, AID.s1] });
    // The type follows the topic the group is placed on (issue 33 item 6): none is asked or sent.
    expect(body.type).toBeUndefined();
    expect(screen.queryByRole("textbox", { name: "Type" })).toBeNull();
    expect(body.title).toBeUndefined();
    expect(body.researchCellId).toBeUndefined();
  });

  it("shows the server's refusal of the list at the list (a withdrawn topic, too many)", async () => {
    setup(() => ({
      status: 400,
      body: {
        error: {
          code: "VALIDATION",
          message: MSG.withdrawnTopic("Solar microgrid forecasting"),
          fields: { topicIds: MSG.withdrawnTopic("Solar microgrid forecasting") },
        },
      },
    }));
    const user = userEvent.setup();
    await screen.findByRole("combobox", { name: "Add a topic" });
    await add(user, "Solar microgrid forecasting");
    await user.click(screen.getByRole("button", { name: "Submit Proposal" }));
    const field = screen.getByRole("group", { name: "Ranked topics" });
    expect(
      await within(field).findByText(MSG.withdrawnTopic("Solar microgrid forecasting")),
    ).toBeInTheDocument();
  });
});
