/**
 * How many a list holds, as a page of it says: lists count up to a limit on the server
 * (LIMITS.listCountMax), so a capped count reads "1,000+".
 */
export const countText = (total: number, capped = false) =>
  `${total.toLocaleString("en")}${capped ? "+" : ""}`;
