/**
 * "Only its supervisor or the committee can do that.": the parties an action needs, each in the
 * words given for it (a party without words as it is), for the messages of both tables.
 */
export const onlyWho = (words: Readonly<Record<string, string>>) => (parties: string[]) =>
  `Only ${parties.map((p) => words[p] ?? p).join(" or ")} can do that.`;
