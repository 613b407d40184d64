import { makeCell, makePerson } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Cell } from "@shared/schemas/cells";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CellMembers } from "./cell-members";

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });
const ADA = { id: "00000000-0000-4000-8000-00000000000a", name: "Ada Teacher", email: "ada@uni.example" };
const BOB = { id: "00000000-0000-4000-8000-00000000000b", name: "Bob Teacher", email: "bob@uni.example" };
const ML = makeCell({
  id: "10000000-0000-4000-8000-000000000001",
  title: "Machine Learning",
  description: "Learning from data.",
  supervisorCount: 1,
  proposalCount: 3,
  createdAt: new Date(2025, 0, 1).toISOString(),
  supervisors: [ADA],
});
const NET: Cell = { ...ML, id: "10000000-0000-4000-8000-000000000002", title: "Networks", supervisors: [] };

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

type Routes = Parameters<typeof fakeApi>[0];
function setup(extra: Routes = {}, cells: Cell[] = [ML, NET]) {
  const state = cells.map((c) => ({ ...c, supervisors: [...(c.supervisors ?? [])] }));
  const searches: string[] = [];
  const api = fakeApi({
    "GET /api/research-cells": (_b, url) => {
      expect(url.searchParams.get("include")).toBe("supervisors");
      return { body: { items: state } };
    },
    "GET /api/users": (_b, url) => {
      expect(url.searchParams.get("role")).toBe("supervisor");
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      searches.push(q);
      const items = [ADA, BOB]
        .filter((t) => t.name.toLowerCase().includes(q))
        .map((t) => makePerson({ ...t, role: "supervisor", studentId: null, createdAt: "", cells: [] }));
      return { body: { items, total: items.length } };
    },
    ...extra,
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<CellMembers />, { user: me, path: "/committee/cell-members" });
  return { api, state, searches };
}
const card = (title: string) => screen.findByRole("region", { name: title });

describe("Cell Members", () => {
  it("shows every cell with its teachers", async () => {
    setup();
    const ml = await card("Machine Learning");
    expect(within(ml).getByText("Ada Teacher")).toBeInTheDocument();
    expect(within(ml).getByText("ada@uni.example")).toBeInTheDocument();
    expect(
      within(await card("Networks"))
        .getByText("No teachers in this cell yet.")
        .closest("[data-empty-state]"),
    ).not.toBeNull();
  });

  it("says when there are no cells", async () => {
    setup({}, []);
    expect((await screen.findByText("No research cells yet.")).closest("[data-empty-state]")).not.toBeNull();
  });

  it("shows an error with a way to try again", async () => {
    setup({
      "GET /api/research-cells": () => ({
        status: 500,
        body: { error: { code: "INTERNAL", message: "Boom." } },
      }),
    });
    expect(await screen.findByText("The research cells could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("removes a teacher only after confirming", async () => {
    const { api, state } = setup({
      [`DELETE /api/users/${ADA.id}/research-cells/${ML.id}`]: () => {
        state[0].supervisors = [];
        return { body: { ok: true, message: MSG.teacherRemovedFromCell } };
      },
    });
    const user = userEvent.setup();
    const ml = await card("Machine Learning");
    await user.click(within(ml).getByRole("button", { name: "Remove Ada Teacher" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove teacher from cell" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === "DELETE")).toEqual([]);

    await user.click(within(ml).getByRole("button", { name: "Remove Ada Teacher" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText(MSG.teacherRemovedFromCell)).toBeInTheDocument();
    expect(await within(ml).findByText("No teachers in this cell yet.")).toBeInTheDocument();
  });

  it("explains a refused removal (Pending proposals)", async () => {
    setup({
      [`DELETE /api/users/${ADA.id}/research-cells/${ML.id}`]: () => ({
        status: 409,
        body: { error: { code: "CONFLICT", message: MSG.teacherHasPendingInCell } },
      }),
    });
    const user = userEvent.setup();
    const ml = await card("Machine Learning");
    await user.click(within(ml).getByRole("button", { name: "Remove Ada Teacher" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Remove" }));
    expect(
      await screen.findByText(MSG.removeFromCellFailed(MSG.teacherHasPendingInCell)),
    ).toBeInTheDocument();
    expect(within(ml).getByText("Ada Teacher")).toBeInTheDocument();
  });

  it("assigns a teacher found by search; asks for one first; shows 'already assigned' as it is", async () => {
    const answers = [
      { status: 201, body: { ok: true, message: MSG.cellAssigned } },
      { status: 409, body: { error: { code: "CONFLICT", message: MSG.alreadyAssigned } } },
    ];
    const { api, searches } = setup({ [`POST /api/users/${BOB.id}/research-cells`]: () => answers.shift()! });
    const user = userEvent.setup();
    const net = await card("Networks");
    await user.click(within(net).getByRole("button", { name: "Assign" }));
    expect(await screen.findAllByText(MSG.selectTeacher)).not.toHaveLength(0);

    const select = within(net).getByRole("combobox", { name: "Teacher" });
    const chooseBob = async () => {
      await user.click(select);
      await user.type(select, "bob");
      // The search runs on the server.
      await waitFor(() => expect(searches).toContain("bob"));
      await waitFor(() => expect(select).toHaveAttribute("aria-controls"));
      const listbox = document.getElementById(select.getAttribute("aria-controls")!)!;
      await user.click(await within(listbox).findByRole("option", { name: /Bob Teacher/, hidden: true }));
    };
    await chooseBob();
    await user.click(within(net).getByRole("button", { name: "Assign" }));
    expect(await screen.findByText(MSG.cellAssigned)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ researchCellId: NET.id });

    await waitFor(() => expect(select).toHaveValue(""));
    await chooseBob();
    await user.click(within(net).getByRole("button", { name: "Assign" }));
    expect(await screen.findByText(MSG.alreadyAssigned)).toBeInTheDocument();
  });
});
