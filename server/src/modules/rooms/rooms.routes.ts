import { idParams, okResponse } from "@shared/schemas/common";
import { roomInputSchema, roomListResponse, roomResponse } from "@shared/schemas/rooms";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordRoutes } from "../../lib/record-route";
import { contextOf } from "../../lib/request-context";
import { done, routesOf } from "../../lib/route";
import { createRoom, deleteRoom, listRooms, updateRoom } from "./rooms.service";

const route = routesOf("rooms", [400, 401, 403, 404, 409]);

/** The rooms the committee keeps for defenses (DESIGN.md §18, §23). */
export const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/rooms",
    route("rooms:read", {
      summary: "Every room for defenses, by name",
      response: { 200: roomListResponse },
    }),
    async () => ({ items: await listRooms(app.db) }),
  );

  app.post(
    "/rooms",
    route("rooms:manage", {
      summary: "Add a room (name unique in any case)",
      body: roomInputSchema,
      response: { 201: roomResponse },
    }),
    async (request, reply) =>
      reply.status(201).send({ room: await createRoom(contextOf(request), request.body) }),
  );

  recordRoutes(app, route, { key: "room", response: roomResponse, params: idParams })("PATCH", "/rooms/:id", {
    access: "rooms:manage",
    summary: "Change a room's name, capacity and notes",
    body: roomInputSchema,
    run: updateRoom,
  });

  app.delete(
    "/rooms/:id",
    route("rooms:manage", {
      summary: "Remove a room",
      params: idParams,
      response: { 200: okResponse },
    }),
    async (request) => done(deleteRoom(contextOf(request), request.params.id)),
  );
};
