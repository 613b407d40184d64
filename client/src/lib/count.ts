/**
 * How many a list holds, as a page of it says: lists count up to a limit on the server
 * (LIMITS.listCountMax), so a capped count reads "1,000+".
 */
export const countText = (total: number, capped = false) =>
  `${total.toLocaleString("en")}${capped ? "+" : ""}`;

/**
 * Under a paged list: "Showing 21–40 of 1,000+ proposals — narrow the filters to count them all"
 * (`of` names the rows: one and many; `narrowHint` false leaves out what follows the dash).
 */
export function showingText(
  list: { page: number; pageSize: number; total: number; capped: boolean },
  of: [one: string, many: string],
  /** Whether a capped count says to narrow the filters (the activity log's does not). */
  narrowHint = true,
): string {
  const from = list.total ? (list.page - 1) * list.pageSize + 1 : 0;
  const to = Math.min(list.total, list.page * list.pageSize);
  const noun = list.total === 1 && !list.capped ? of[0] : of[1];
  return `Showing ${from.toLocaleString("en")}–${to.toLocaleString("en")} of ${countText(list.total, list.capped)} ${noun}${
    list.capped && narrowHint ? " — narrow the filters to count them all" : ""
  }`;
}
