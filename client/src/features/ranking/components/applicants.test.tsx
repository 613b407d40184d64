import { layOutRankedRows } from "@client/components/ranked-list.test-support";
import { AID, applicant } from "@client/test/allocation-fixture";
import { termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Term } from "@shared/schemas/terms";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Applicants } from "./applicants";

const supervisor = testUser({
  id: AID.kenji,
  role: "supervisor",
  name: "Dr. Kenji Watanabe",
  studentId: null,
});
const terms = (o: Partial<Term> = {}) => {
  const t = termsFixture();
  t.items[0] = { ...t.items[0], id: AID.term, name: "Autumn 2027", mode: "allocation", ...o };
  return t;
};
const APPLICANTS = [
  applicant({
    title: "Robots we trust",
    abstract: "We build trust.",
    members: [
      { id: "a", name: "Cara Second", studentId: "S-2" },
      { id: "b", name: "Ben Member", studentId: "S-3" },
    ],
    preferences: [
      { topicId: AID.s1, title: "Solar microgrid forecasting", mine: false },
      { topicId: AID.k1, title: "Path planning for robots", mine: true },
    ],
    proposalId: AID.g2,
    rank: 1,
  }),
  applicant({ proposalId: AID.g1 }),
  applicant({ proposalId: AID.g3, members: [{ id: "d", name: "Dev Third", studentId: "S-4" }] }),
];
const PATH = `/api/terms/${AID.term}`;

let restore: () => void;
beforeEach(() => {
  restore = layOutRankedRows();
});
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
  notifications.clean();
});

const titles = (list: HTMLElement) =>
  [...list.querySelectorAll(":scope > li")].map((li) => li.querySelector("p")?.textContent);

function setup(routes: Parameters<typeof fakeApi>[0] = {}, t = terms()) {
  const api = fakeApi({
    "GET /api/terms": () => ({ body: t }),
    [`GET ${PATH}/applicants`]: () => ({ body: { items: APPLICANTS } }),
    ...routes,
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<Applicants />, { user: supervisor, path: "/supervisor/applicants" });
  return api;
}

describe("supervisors' Applicants", () => {
  it("shows each group's title, members, abstract and list with the supervisor's topics marked; the unranked are drawn by lot", async () => {
    setup();
    const ranking = await screen.findByRole("list", { name: "Your ranking" });
    expect(titles(ranking)).toEqual(["Robots we trust"]);
    expect(ranking).toHaveTextContent("Cara Second (S-2), Ben Member (S-3)");
    expect(ranking).toHaveTextContent("We build trust.");
    expect(within(ranking).getByText(/^2\. Path planning for robots/)).toHaveTextContent(
      "2. Path planning for robots yours",
    );
    expect(within(ranking).getByText("1. Solar microgrid forecasting")).toBeInTheDocument();
    const lot = screen.getByRole("list", { name: "Drawn by lot" });
    expect(lot).toHaveTextContent(MSG.untitledGroup("Ada Creator"));
    expect(lot).toHaveTextContent(MSG.untitledGroup("Dev Third"));
    expect(screen.getByText(/these groups follow your ranking in an order drawn by lot/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save ranking" })).toBeDisabled();
  });

  it("ranks groups, orders them by keyboard drag and drop, and saves the order", async () => {
    const api = setup({ [`PUT ${PATH}/ranking`]: () => ({ body: { ok: true } }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Rank all in this order" }));
    const ranking = screen.getByRole("list", { name: "Your ranking" });
    expect(titles(ranking)).toEqual([
      "Robots we trust",
      MSG.untitledGroup("Ada Creator"),
      MSG.untitledGroup("Dev Third"),
    ]);
    // Dev's group up two places, by keyboard: space, arrow up twice, space.
    const handle = screen.getByRole("button", {
      name: `Drag ${MSG.untitledGroup("Dev Third")}, rank 3 of 3`,
    });
    handle.focus();
    fireEvent.keyDown(handle, { key: " ", code: "Space" });
    await act(async () => {});
    for (let i = 0; i < 2; i++) {
      fireEvent.keyDown(document.activeElement!, { key: "ArrowUp", code: "ArrowUp" });
      await act(async () => {});
    }
    fireEvent.keyDown(document.activeElement!, { key: " ", code: "Space" });
    await act(async () => {});
    expect(titles(ranking)).toEqual([
      MSG.untitledGroup("Dev Third"),
      "Robots we trust",
      MSG.untitledGroup("Ada Creator"),
    ]);
    await user.click(screen.getByRole("button", { name: "Save ranking" }));
    expect(await screen.findByText(MSG.rankingSaved)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({
      proposalIds: [AID.g3, AID.g2, AID.g1],
    });
  });

  it("shows the server's refusal of a ranking", async () => {
    setup({
      [`PUT ${PATH}/ranking`]: () => ({
        status: 400,
        body: {
          error: {
            code: "VALIDATION",
            message: MSG.notAnApplicant,
            fields: { proposalIds: MSG.notAnApplicant },
          },
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: `Rank ${MSG.untitledGroup("Dev Third")}` }));
    await user.click(screen.getByRole("button", { name: "Save ranking" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.notAnApplicant);
  });

  it("is empty before any group ranks the supervisor's topics, and outside allocation terms", async () => {
    setup({ [`GET ${PATH}/applicants`]: () => ({ body: { items: [] } }) });
    expect(await screen.findByText("No group has ranked your topics yet.")).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("after publication the ranking is frozen", async () => {
    setup({}, terms({ allocationPublishedAt: "2027-02-02T10:00:00.000Z" }));
    expect(await screen.findByText("Your ranking is frozen")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save ranking" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Drag/ })).toBeNull();
  });
});
