import { getQuery } from "./get-query";

/** Whether the first committee account is still to be made (GET /api/setup). */
export const setupQueries = {
  status: () => getQuery<{ needed: boolean }>(["setup"], "/setup"),
};
