import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Room } from "@shared/schemas/rooms";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Rooms } from "./rooms";

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });
const room = (i: number, over: Partial<Room> = {}): Room => ({
  id: `20000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  name: `Room ${i}`,
  capacity: i * 10,
  notes: i === 1 ? "Projector" : "",
  createdAt: new Date(2026, 0, i).toISOString(),
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

type Routes = Parameters<typeof fakeApi>[0];
function setup(rooms: Room[], extra: Routes = {}) {
  const list = [...rooms];
  const api = fakeApi({ "GET /api/rooms": () => ({ body: { items: list } }), ...extra });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<Rooms />, { user: me, path: "/committee/rooms" });
  return { api, list, user: userEvent.setup() };
}
const addForm = () => screen.getByRole("form", { name: "Add room" });

describe("Rooms", () => {
  it("lists rooms with name, capacity and notes (a dash for none)", async () => {
    setup([room(1), room(2)]);
    const first = await screen.findByRole("row", { name: /Room 1/ });
    const table = screen.getByRole("table", { name: "Rooms" });
    expect(first).toHaveTextContent("10");
    expect(first).toHaveTextContent("Projector");
    expect(within(table).getByRole("row", { name: /Room 2/ })).toHaveTextContent("—");
  });

  it("says when there are no rooms yet, and that a defense can be online", async () => {
    setup([]);
    expect(await screen.findByText("No rooms yet.")).toBeInTheDocument();
    expect(screen.getByText(/can always be online/)).toBeInTheDocument();
  });

  it("adds a room: 'Room added.', the list shows it, the form is emptied", async () => {
    const { api, list, user } = setup([room(1)], {
      "POST /api/rooms": (body) => {
        const created = room(7, body as Partial<Room>);
        list.push(created);
        return { status: 201, body: { room: created } };
      },
    });
    await screen.findByRole("row", { name: /Room 1/ });
    await user.type(within(addForm()).getByRole("textbox", { name: "Name" }), "Seminar room 2.14");
    await user.type(within(addForm()).getByRole("textbox", { name: "Capacity" }), "24");
    await user.type(within(addForm()).getByRole("textbox", { name: "Notes" }), "Second floor");
    await user.click(screen.getByRole("button", { name: "Add room" }));
    expect(await screen.findByText(MSG.roomAdded)).toBeInTheDocument();
    expect(await screen.findByRole("row", { name: /Seminar room 2.14/ })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Seminar room 2.14",
      capacity: 24,
      notes: "Second floor",
    });
    expect(within(addForm()).getByRole("textbox", { name: "Name" })).toHaveValue("");
  });

  it("needs a Name and a Capacity, each said at its field, nothing sent", async () => {
    const { api, user } = setup([room(1)]);
    await screen.findByRole("row", { name: /Room 1/ });
    await user.click(screen.getByRole("button", { name: "Add room" }));
    expect(await within(addForm()).findByText("Name is required.")).toBeInTheDocument();
    expect(within(addForm()).getByText("Capacity must be a whole number.")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("shows the server's refusal of a taken name at the Name field", async () => {
    const { user } = setup([room(1)], {
      "POST /api/rooms": () => ({
        status: 409,
        body: {
          error: { code: "CONFLICT", message: MSG.roomNameTaken, fields: { name: MSG.roomNameTaken } },
        },
      }),
    });
    await screen.findByRole("row", { name: /Room 1/ });
    await user.type(within(addForm()).getByRole("textbox", { name: "Name" }), "room 1");
    await user.type(within(addForm()).getByRole("textbox", { name: "Capacity" }), "5");
    await user.click(screen.getByRole("button", { name: "Add room" }));
    expect(await within(addForm()).findByText(MSG.roomNameTaken)).toBeInTheDocument();
  });

  it("edits a room in a dialog that starts from it", async () => {
    const { api, list, user } = setup([room(1)], {
      "PATCH /api/rooms/20000000-0000-4000-8000-000000000001": (body) => {
        Object.assign(list[0], body);
        return { body: { room: list[0] } };
      },
    });
    const row = await screen.findByRole("row", { name: /Room 1/ });
    await user.click(within(row).getByRole("button", { name: "Edit Room 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit room" });
    const capacity = within(dialog).getByRole("textbox", { name: "Capacity" });
    expect(capacity).toHaveValue("10");
    await user.clear(capacity);
    await user.type(capacity, "12");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(MSG.roomUpdated)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({
      name: "Room 1",
      capacity: 12,
      notes: "Projector",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("removes a room only after the confirmation names it", async () => {
    const { api, list, user } = setup([room(1), room(2)], {
      "DELETE /api/rooms/20000000-0000-4000-8000-000000000002": () => {
        list.splice(1, 1);
        return { body: { ok: true } };
      },
    });
    const row = await screen.findByRole("row", { name: /Room 2/ });
    await user.click(within(row).getByRole("button", { name: "Remove Room 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove Room 2?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.calls.filter((c) => c.method === "DELETE")).toEqual([]);
    await user.click(within(row).getByRole("button", { name: "Remove Room 2" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Remove Room 2?" })).getByRole("button", {
        name: "Remove",
      }),
    );
    expect(await screen.findByText(MSG.roomRemoved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("row", { name: /Room 2/ })).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });
});
