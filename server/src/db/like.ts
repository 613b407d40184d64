/** `%text%` for LIKE / ILIKE: matches `text` anywhere, with LIKE's own `\`, `%` and `_` in it taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
