import { Avatar, type AvatarProps } from "@mantine/core";

/** Titles that stand before a name and are no part of its initials, with or without their dot. */
const TITLES = new Set(["dr", "prof", "mr", "ms", "mrs", "mx", "sir", "dame"]);

/**
 * A name's initials, as Mantine takes them (the first letters of the first two words, or the
 * first two letters of a one-word name), after the titles in front of it: "Dr. Samuel Osei" →
 * "SO", "Prof. Dr. Jane Doe" → "JD". A name that is nothing but titles keeps them.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  let first = 0;
  while (first < words.length - 1 && TITLES.has(words[first].replace(/\.$/, "").toLowerCase())) first++;
  const rest = words.slice(first);
  if (!rest.length) return "";
  const letters = (w: string) => Array.from(w);
  const initials =
    rest.length === 1
      ? letters(rest[0]).slice(0, 2).join("")
      : rest
          .slice(0, 2)
          .map((w) => letters(w)[0])
          .join("");
  return initials.toUpperCase();
}

/** A person's picture, or their initials when they have none. */
export function UserAvatar({ name, src, ...props }: { name: string; src?: string | null } & AvatarProps) {
  return (
    <Avatar src={src ?? undefined} name={name} color="initials" alt={name} {...props}>
      {initialsOf(name) || undefined}
    </Avatar>
  );
}
