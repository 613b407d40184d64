import { idParams, okResponse } from "@shared/schemas/common";
import { roomInputSchema, roomListResponse, roomResponse } from "@shared/schemas/rooms";
import { moduleRoutes } from "../../lib/module-routes";
import { done, routesOf } from "../../lib/route";
import { createRoom, deleteRoom, listRooms, updateRoom } from "./rooms.service";

const route = routesOf("rooms", [400, 401, 403, 404, 409]);

/** The rooms the committee keeps for defenses (DESIGN.md §18, §23). */
export const roomRoutes = moduleRoutes(route, ({ api, record }) => {
  api("GET", "/rooms", {
    access: "rooms:read",
    summary: "Every room for defenses, by name",
    response: roomListResponse,
    run: async (c) => ({ items: await listRooms(c.db) }),
  });

  api("POST", "/rooms", {
    access: "rooms:manage",
    summary: "Add a room (name unique in any case)",
    body: roomInputSchema,
    response: roomResponse,
    status: 201,
    run: async (c, { body }) => ({ room: await createRoom(c, body) }),
  });

  record({ key: "room", response: roomResponse, params: idParams })("PATCH", "/rooms/:id", {
    access: "rooms:manage",
    summary: "Change a room's name, capacity and notes",
    body: roomInputSchema,
    run: updateRoom,
  });

  api("DELETE", "/rooms/:id", {
    access: "rooms:manage",
    summary: "Remove a room",
    params: idParams,
    response: okResponse,
    run: (c, { params }) => done(deleteRoom(c, params.id)),
  });
});
