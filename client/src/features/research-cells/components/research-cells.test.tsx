import { makeCell } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Cell } from "@shared/schemas/cells";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResearchCells } from "./research-cells";

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });
const cell = (i: number, over: Partial<Cell> = {}): Cell =>
  makeCell({
    id: `10000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    title: `Cell ${i}`,
    description: `About cell ${i}.`,
    supervisorCount: i,
    proposalCount: i * 10,
    createdAt: new Date(2025, 0, i).toISOString(),
    ...over,
  });

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

type Routes = Parameters<typeof fakeApi>[0];
function setup(cells: Cell[], extra: Routes = {}) {
  const list = [...cells];
  const api = fakeApi({ "GET /api/research-cells": () => ({ body: { items: list } }), ...extra });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<ResearchCells />, { user: me, path: "/committee/research-cells" });
  return { api, list };
}
const addForm = () => screen.getByRole("form", { name: "Add Research Cell" });

async function fillCell(user: ReturnType<typeof userEvent.setup>, title: string, description: string) {
  if (title) await user.type(within(addForm()).getByRole("textbox", { name: "Title" }), title);
  if (description)
    await user.type(within(addForm()).getByRole("textbox", { name: "Description" }), description);
  await user.click(screen.getByRole("button", { name: "Add Research Cell" }));
}

describe("Research Cells", () => {
  it("lists cells with title, description, supervisors and proposals", async () => {
    setup([cell(1), cell(2)]);
    const row = await screen.findByRole("row", { name: /Cell 2/ });
    expect(within(row).getByText("About cell 2.")).toBeInTheDocument();
    expect(within(row).getByLabelText("2 supervisors")).toBeInTheDocument();
    expect(within(row).getByLabelText("20 proposals")).toBeInTheDocument();
  });

  it("says when there are no cells yet", async () => {
    setup([]);
    expect((await screen.findByText("No research cells yet.")).closest("[data-empty-state]")).not.toBeNull();
  });

  it("shows an error with a way to try again", async () => {
    setup([], {
      "GET /api/research-cells": () => ({
        status: 500,
        body: { error: { code: "INTERNAL", message: "Boom." } },
      }),
    });
    expect(await screen.findByText("The research cells could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("adds a cell: 'Research Cell Added.' and the list shows it", async () => {
    const { api, list } = setup([cell(1)], {
      "POST /api/research-cells": (body) => {
        const created = cell(7, {
          ...(body as { title: string; description: string }),
          supervisorCount: 0,
          proposalCount: 0,
        });
        list.push(created);
        return { status: 201, body: { cell: created } };
      },
    });
    const user = userEvent.setup();
    await screen.findByRole("row", { name: /Cell 1/ });
    await fillCell(user, "Quantum Computing", "Qubits and more.");
    expect(await screen.findByText(MSG.cellAdded)).toBeInTheDocument();
    expect(await screen.findByRole("row", { name: /Quantum Computing/ })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      title: "Quantum Computing",
      description: "Qubits and more.",
    });
    expect(within(addForm()).getByRole("textbox", { name: "Title" })).toHaveValue("");
  });

  it("needs Title and Description, each said at its field, nothing sent", async () => {
    const { api } = setup([cell(1)]);
    const user = userEvent.setup();
    await screen.findByRole("row", { name: /Cell 1/ });
    await fillCell(user, "", "");
    expect(await within(addForm()).findByText("Title is required.")).toBeInTheDocument();
    expect(within(addForm()).getByText("Description is required.")).toBeInTheDocument();
    expect(screen.queryByText(`${MSG.addCellFailed} Title is required.`)).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("shows the server's refusal of a duplicate title", async () => {
    setup([cell(1)], {
      "POST /api/research-cells": () => ({
        status: 409,
        body: {
          error: { code: "CONFLICT", message: MSG.cellTitleTaken, fields: { title: MSG.cellTitleTaken } },
        },
      }),
    });
    const user = userEvent.setup();
    await screen.findByRole("row", { name: /Cell 1/ });
    await fillCell(user, "cell 1", "Again.");
    expect(await within(addForm()).findByText(MSG.cellTitleTaken)).toBeInTheDocument();
    expect(screen.queryByText(`${MSG.addCellFailed} ${MSG.cellTitleTaken}`)).not.toBeInTheDocument();
  });

  it("says 'Failed to add research cell.' with the reason when there is no field for it", async () => {
    setup([cell(1)], {
      "POST /api/research-cells": () => ({
        status: 500,
        body: { error: { code: "INTERNAL", message: "Boom." } },
      }),
    });
    const user = userEvent.setup();
    await screen.findByRole("row", { name: /Cell 1/ });
    await fillCell(user, "A new cell", "Described.");
    expect(await screen.findByText(`${MSG.addCellFailed} Boom.`)).toBeInTheDocument();
  });

  it("edits a cell's title and description", async () => {
    const { api, list } = setup([cell(1)], {
      "PATCH /api/research-cells/10000000-0000-4000-8000-000000000001": (body) => {
        Object.assign(list[0], body);
        return { body: { cell: list[0] } };
      },
    });
    const user = userEvent.setup();
    const row = await screen.findByRole("row", { name: /Cell 1/ });
    await user.click(within(row).getByRole("button", { name: "Edit Cell 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit research cell" });
    const title = within(dialog).getByRole("textbox", { name: "Title" });
    expect(title).toHaveValue("Cell 1");
    await user.clear(title);
    await user.type(title, "Robotics");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(MSG.cellUpdated)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({
      title: "Robotics",
      description: "About cell 1.",
    });
    expect(await screen.findByRole("row", { name: /Robotics/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
