import type { Room } from "@shared/schemas/rooms";
import { getQuery } from "./get-query";

const ALL = ["rooms"] as const;

/** GET /api/rooms: the rooms for defenses (DESIGN.md §18), one cache for every screen that lists them. */
export const roomQueries = {
  all: () => ALL,
  list: () => getQuery<{ items: Room[] }>([...ALL, "list"], "/rooms"),
};
