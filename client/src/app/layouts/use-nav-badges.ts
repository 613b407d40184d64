import { useUnreadNoticeCount } from "@client/features/notices/api/use-unread-notices";
import { chatQueries } from "@client/lib/queries/chat";
import { proposalQueries } from "@client/lib/queries/proposals";
import type { Role } from "@shared/enums";
import { useQuery } from "@tanstack/react-query";
import type { NavBadge } from "./nav";

type Badges = Partial<Record<NavBadge, number>>;

/**
 * Live counts for the sidebar: the student's unread notices (polled every 30 s); the committee's
 * proposals Awaiting committee in any term (a one-row page read for its count; live events about
 * proposals refresh it); students' and supervisors' unread chat messages (live events about
 * messages refresh it, reading a thread moves it).
 */
export function useNavBadges(role: Role): Badges {
  const unread = useUnreadNoticeCount(role === "student");
  const awaiting = useQuery({
    ...proposalQueries.awaitingCommittee(),
    enabled: role === "committee",
    select: (d) => d.total,
  });
  const chat = useQuery({ ...chatQueries.unread(), enabled: role !== "committee", select: (d) => d.total });
  if (role === "student") return { unreadNotices: unread.data ?? 0, unreadChat: chat.data ?? 0 };
  if (role === "committee") return { awaitingCommittee: awaiting.data ?? 0 };
  return { unreadChat: chat.data ?? 0 };
}
