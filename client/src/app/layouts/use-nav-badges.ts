import { useUnreadNoticeCount } from "@client/features/notices/api/use-unread-notices";
import type { Role } from "@shared/enums";
import type { NavItem } from "./nav";

type Badges = Partial<Record<NonNullable<NavItem["badge"]>, number>>;

/** Live counts for the sidebar: the student's unread notices (polled every 30 s); nothing for other roles. */
export function useNavBadges(role: Role): Badges {
  const unread = useUnreadNoticeCount(role === "student");
  if (role !== "student") return {};
  return { unreadNotices: unread.data ?? 0 };
}
