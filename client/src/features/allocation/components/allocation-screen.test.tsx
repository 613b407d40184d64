import { AID, allocation } from "@client/test/allocation-fixture";
import { termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Allocation } from "@shared/schemas/allocation";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AllocationScreen } from "./allocation-screen";

const committee = testUser({ role: "committee", name: "Dr. Nusrat Jahan", studentId: null });
const TERMS = termsFixture({ others: [{ id: AID.term, name: "Autumn 2027", mode: "allocation" }] });
const PATH = `/api/terms/${AID.term}/allocation`;

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

type Routes = Parameters<typeof fakeApi>[0];

function setup(read: () => { status?: number; body: unknown }, routes: Routes = {}, terms = TERMS) {
  const api = fakeApi({
    "GET /api/terms": () => ({ body: terms }),
    [`GET ${PATH}`]: read,
    // The what-if scenarios under a draft (their own test: scenarios-panel.test.tsx).
    [`GET ${PATH}/scenarios`]: () => ({ body: { items: [] } }),
    ...routes,
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<AllocationScreen />, { user: committee, path: "/committee/allocation" });
  return api;
}
const answer = (a: Allocation) => () => ({ body: a });

describe("the committee's Allocation screen", () => {
  it("says so when no term allocates topics, and points to Terms", async () => {
    setup(answer(allocation()), {}, termsFixture());
    expect(await screen.findByText("No term allocates topics")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Terms" })).toHaveAttribute("href", "/committee/terms");
  });

  it("before the first run: how many groups wait; Run makes a draft (nothing else changes) and says so", async () => {
    let runs = 0;
    const api = setup(
      () => ({ body: runs ? allocation() : allocation({}, undefined) && { ...allocation(), draft: null } }),
      {
        [`POST ${PATH}`]: () => {
          runs++;
          return { body: { seed: "917832c1c5383af0", groups: 3, byRank: [1, 1], unmatched: 1 } };
        },
      },
    );
    expect(await screen.findByText("No draft yet")).toBeInTheDocument();
    expect(screen.getByText(/3 groups await allocation over 3 topics/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Publish" })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole("button", { name: "Run allocation" }));
    expect(await screen.findByText(MSG.allocationRan(2, 3))).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([PATH]);
    expect(await screen.findByRole("group", { name: "Matched: 2" })).toBeInTheDocument();
  });

  it("shows the draft: figures, the seed, the choices in a chart and in words, each supervisor's load, every group", async () => {
    setup(answer(allocation()));
    expect(await screen.findByRole("group", { name: "Groups: 3" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Unmatched: 1" })).toBeInTheDocument();
    expect(screen.getByText("917832c1c5383af0")).toBeInTheDocument();
    expect(screen.getByText(/by Dr\. Nusrat Jahan/)).toBeInTheDocument();
    const choices = screen.getByRole("region", { name: "Choices the groups got" });
    expect(within(choices).getByText(/1st choice:/)).toHaveTextContent("1st choice: 1");
    expect(within(choices).getByText(/Unmatched:/)).toHaveTextContent("Unmatched: 1");
    const load = within(screen.getByRole("region", { name: "Supervisors' load" }));
    expect(load.getByRole("row", { name: /Dr\. Samuel Osei 0 1 2/ })).toBeInTheDocument();
    expect(load.getByRole("row", { name: /Dr\. Kenji Watanabe 0 1 No limit/ })).toBeInTheDocument();
    const groups = within(screen.getByRole("region", { name: "Groups" }));
    expect(
      groups.getByRole("row", {
        name: /Untitled group \(of Ada Creator\) Solar microgrid forecasting — Dr\. Samuel Osei 2nd choice/,
      }),
    ).toBeInTheDocument();
    expect(groups.getByRole("row", { name: /Robots we trust .* 1st choice/ })).toBeInTheDocument();
    expect(
      groups.getByRole("row", { name: /Untitled group \(of Dev Third\) — Unmatched/ }),
    ).toBeInTheDocument();
  });

  it("warns when the draft is out of date, refuses to publish it, and runs again from the warning", async () => {
    const api = setup(answer(allocation({}, { outOfDate: true })), {
      [`POST ${PATH}`]: () => ({ body: { seed: "x", groups: 3, byRank: [1, 1], unmatched: 1 } }),
    });
    expect(await screen.findByText(MSG.allocationOutOfDate)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Publish" })).toBeDisabled();
    const runs = screen.getAllByRole("button", { name: "Run again" });
    await userEvent.setup().click(runs[runs.length - 1]);
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST" && c.path === PATH)).toBe(true));
  });

  it("moves a group by hand and lists, in words, the blocking pairs the move creates; a full topic is refused at the field", async () => {
    let moved = false;
    const api = setup(
      () => ({
        body: moved
          ? allocation(
              {},
              {
                moved: true,
                assignments: allocation().draft!.assignments.map((a) =>
                  a.proposalId === AID.g2 ? { ...a, topicId: null, rank: null } : a,
                ),
                blockingPairs: [{ proposalId: AID.g2, topicId: AID.k1 }],
              },
            )
          : allocation(),
      }),
      {
        [`PATCH ${PATH}`]: (body) => {
          const b = body as { proposalId: string; topicId: string | null };
          if (b.topicId === AID.k1)
            return {
              status: 409,
              body: { error: { code: "CONFLICT", message: MSG.topicFull("Path planning for robots") } },
            };
          moved = true;
          return { body: { blockingPairs: [{ proposalId: AID.g2, topicId: AID.k1 }] } };
        },
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Move Untitled group (of Dev Third)" }));
    let dialog = await screen.findByRole("dialog", { name: "Move this group in the draft?" });
    await user.click(within(dialog).getByRole("combobox", { name: "Topic" }));
    // K1 is full in the draft (Cara's group has it): it cannot be chosen.
    const full = await screen.findByRole("option", { name: /^1st: Path planning for robots/, hidden: true });
    expect(full).toHaveAttribute("data-combobox-disabled", "true");
    await user.keyboard("{Escape}");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    // Cara's group leaves its topic: Cara's group and K1 would both rather be together.
    await user.click(screen.getByRole("button", { name: "Move Robots we trust" }));
    dialog = await screen.findByRole("dialog", { name: "Move this group in the draft?" });
    await user.click(within(dialog).getByRole("combobox", { name: "Topic" }));
    await user.click(await screen.findByRole("option", { name: "No topic (unmatched)", hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Move group" }));
    expect(await screen.findByText("The move creates 1 blocking pair")).toBeInTheDocument();
    expect(
      screen.getAllByText(MSG.blockingPair("Robots we trust", "“Path planning for robots”")).length,
    ).toBeGreaterThan(0);
    expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({ proposalId: AID.g2, topicId: null });
    expect(await screen.findByText(MSG.groupMoved("Robots we trust", null))).toBeInTheDocument();
  });

  it("says the server's refusal of a move at the field, keeping the dialog open", async () => {
    setup(answer(allocation()), {
      [`PATCH ${PATH}`]: () => ({
        status: 409,
        body: { error: { code: "CONFLICT", message: MSG.noPlacesLeft("Dr. Samuel Osei", "Autumn 2027") } },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Move Untitled group (of Dev Third)" }));
    const dialog = await screen.findByRole("dialog", { name: "Move this group in the draft?" });
    await user.click(within(dialog).getByRole("combobox", { name: "Topic" }));
    await user.click(await screen.findByRole("option", { name: /^Simulating drone swarms/, hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Move group" }));
    expect(
      await within(dialog).findByText(MSG.noPlacesLeft("Dr. Samuel Osei", "Autumn 2027")),
    ).toBeInTheDocument();
  });

  it("publishes after a confirmation; a draft gone out of date meanwhile is refused with the server's 409", async () => {
    let out = false;
    const api = setup(() => ({ body: allocation({}, { outOfDate: out }) }), {
      [`POST ${PATH}/publish`]: () => {
        out = true;
        return { status: 409, body: { error: { code: "CONFLICT", message: MSG.allocationOutOfDate } } };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish the allocation?" });
    expect(dialog).toHaveTextContent("2 groups become Pending");
    expect(dialog).not.toHaveTextContent("blocking pair");
    expect(dialog).toHaveTextContent("1 stay Awaiting allocation");
    await user.click(within(dialog).getByRole("button", { name: "Publish allocation" }));
    expect(await screen.findAllByText(MSG.allocationOutOfDate)).not.toHaveLength(0);
    expect(api.calls.filter((c) => c.path === `${PATH}/publish`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole("button", { name: "Publish" })).toBeDisabled());
  });

  it("the publish confirmation names the draft's blocking pairs", async () => {
    setup(() => ({ body: allocation({}, { blockingPairs: [{ proposalId: AID.g2, topicId: AID.k1 }] }) }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish the allocation?" });
    expect(dialog).toHaveTextContent("The draft has 1 blocking pair");
    expect(dialog).toHaveTextContent("the certificate records it");
  });

  it("after publication: says so, and places a group left unmatched, with a refusal for want of places at the field", async () => {
    const published = allocation(
      {
        publishedAt: "2027-02-02T10:00:00.000Z",
        groups: [{ proposalId: AID.g3, title: "", creator: "Dev Third", preferences: [AID.k1] }],
        topics: allocation().topics.map((t) => (t.id === AID.k2 ? t : { ...t, capacity: 0 })),
      },
      // The published matching's blocking pair (from its certificate), named as the publication's.
      { blockingPairs: [{ proposalId: AID.g2, topicId: AID.k1 }] },
    );
    const api = setup(answer(published), {
      [`GET ${PATH}/certificate`]: () => ({
        body: {
          certificate: {
            termId: "t",
            termName: "Autumn 2027",
            publishedAt: "2027-02-02T10:00:00.000Z",
            publishedBy: "Grace Hopper",
            algorithm: "Student-optimal stable matching",
            seed: "s33d",
            inputsDigest: "ab".repeat(32),
            groups: 3,
            topics: 2,
            supervisors: 2,
            byRank: [1, 1],
            unmatched: 1,
            handMoves: 1,
            blockingPairs: 1,
            yours: null,
          },
        },
      }),
      [`POST /api/proposals/${AID.g3}/place`]: (body) =>
        (body as { topicId: string }).topicId === AID.k2
          ? {
              status: 409,
              body: {
                error: { code: "CONFLICT", message: MSG.noPlacesLeft("Dr. Kenji Watanabe", "Autumn 2027") },
              },
            }
          : { body: {} },
    });
    expect(await screen.findByText(/was published/)).toHaveTextContent("1 group is left to place by hand");
    expect(screen.getByText("The published allocation has 1 blocking pair")).toBeInTheDocument();
    const certificate = await screen.findByRole("region", { name: "The allocation's certificate" });
    expect(certificate).toHaveTextContent(
      "by Grace Hopper: 3 groups over 2 topics of 2 supervisors; 2 matched",
    );
    expect(certificate).toHaveTextContent("1 to their 1st choice, 1 to their 2nd choice");
    expect(certificate).toHaveTextContent("1 move by hand; 1 blocking pair.");
    expect(certificate).toHaveTextContent('npm run cli -- verify-allocation --term "Autumn 2027"');
    // The groups list opens on what needs the committee: the groups left to place.
    expect(screen.getByRole("combobox", { name: "Show" })).toHaveValue("Left to place by hand");
    expect(screen.queryByRole("button", { name: "Run again" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Move Robots we trust" })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Place Untitled group (of Dev Third)" }));
    const dialog = await screen.findByRole("dialog", { name: "Place this group?" });
    await user.click(within(dialog).getByRole("combobox", { name: "Topic" }));
    expect(
      await screen.findByRole("option", { name: /^1st: Path planning for robots/, hidden: true }),
    ).toHaveAttribute("data-combobox-disabled", "true");
    await user.click(screen.getByRole("option", { name: /^Simulating drone swarms/, hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Place group" }));
    expect(
      await within(dialog).findByText(MSG.noPlacesLeft("Dr. Kenji Watanabe", "Autumn 2027")),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ topicId: AID.k2 });
  });

  it("says when the allocation cannot be loaded, with Try again", async () => {
    setup(() => ({ status: 500, body: { error: { code: "INTERNAL", message: MSG.serverError } } }));
    expect(await screen.findByText("The allocation could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
