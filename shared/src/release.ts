import type { Visibility } from "./enums";

/**
 * What a thesis is released with (DESIGN.md §19): the supervisor's proposal, Internal when none;
 * Public only when every member consented, otherwise Internal at most.
 */
export function effectiveVisibility(
  proposed: Visibility | null,
  memberIds: readonly string[],
  consents: readonly { studentId: string; public: boolean }[],
): Visibility {
  const v = proposed ?? "Internal";
  if (v !== "Public") return v;
  return everyoneConsents(memberIds, consents) ? "Public" : "Internal";
}

/** Whether every member agreed to Public. */
export const everyoneConsents = (
  memberIds: readonly string[],
  consents: readonly { studentId: string; public: boolean }[],
) => memberIds.every((id) => consents.some((c) => c.studentId === id && c.public));
