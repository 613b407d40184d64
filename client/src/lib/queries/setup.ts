import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";

/** Whether the first committee account is still to be made (GET /api/setup). */
export const setupQueries = {
  status: () =>
    queryOptions({
      queryKey: ["setup"] as const,
      queryFn: () => api.get<{ needed: boolean }>("/setup"),
    }),
};
