import type { Role } from "@shared/enums";
import type { NavItem } from "./nav";

type Badges = Partial<Record<NonNullable<NavItem["badge"]>, number>>;

/** Live counts for the sidebar. Filled in by the features that own them. */
export function useNavBadges(_role: Role): Badges {
  return {};
}
