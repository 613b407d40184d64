import type { Room } from "@shared/schemas/rooms";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";

const ALL = ["rooms"] as const;

/** GET /api/rooms: the rooms for defenses (DESIGN.md §18), one cache for every screen that lists them. */
export const roomQueries = {
  all: () => ALL,
  list: () =>
    queryOptions({
      queryKey: [...ALL, "list"] as const,
      queryFn: () => api.get<{ items: Room[] }>("/rooms"),
    }),
};
