import type { SupervisorOption } from "@shared/schemas/directory";

/**
 * A supervisor as the pickers name them, with their places left (DESIGN.md §8): "Dr. Ada Lovelace
 * — 2 places left"; just the name when the supervisor has no limit. The Submit Proposal form and
 * the committee's Reassign both use it.
 */
export function supervisorLabel(s: Pick<SupervisorOption, "name" | "placesLeft">): string {
  if (s.placesLeft == null) return s.name;
  if (s.placesLeft <= 0) return `${s.name} — no places left`;
  return `${s.name} — ${s.placesLeft} ${s.placesLeft === 1 ? "place" : "places"} left`;
}

/** A supervisor with no places left is shown but cannot be chosen. */
export const isFull = (s: Pick<SupervisorOption, "placesLeft">) => s.placesLeft !== null && s.placesLeft <= 0;
