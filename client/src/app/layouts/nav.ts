import type { Role } from "@shared/enums";
import {
  IconActivity,
  IconArchive,
  IconArrowsSort,
  IconBooks,
  IconBuildingCommunity,
  IconBulb,
  IconCalendarEvent,
  IconChecklist,
  IconDoor,
  IconFiles,
  IconFileText,
  IconGavel,
  IconGitMerge,
  IconHistory,
  IconHourglass,
  IconInbox,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconMessages,
  IconNotebook,
  IconPresentation,
  IconSchool,
  IconSend,
  IconSpeakerphone,
  IconUser,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { ComponentType } from "react";

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** A live count shown beside the label (for example unread notices). */
  badge?: NavBadge;
  /** Other addresses of the same screen, where the item shows as the one open. */
  alsoAt?: string[];
}

export type NavBadge = "unreadNotices" | "awaitingCommittee" | "unreadChat";

/** How each count is said (the badge's name) and its colour. */
export const NAV_BADGE: Record<NavBadge, { label: (n: number) => string; color: string }> = {
  unreadNotices: { label: (n) => `${n} unread`, color: "red" },
  awaitingCommittee: { label: (n) => `${n} awaiting the committee`, color: "yellow" },
  unreadChat: {
    label: (n) => `${n}${n >= 99 ? "+" : ""} unread ${n === 1 ? "message" : "messages"}`,
    color: "red",
  },
};

/**
 * A role's sidebar: its Dashboard first, then its pages, the thesis Archive (DESIGN.md §19) and its
 * Profile last (every role has these).
 */
const sidebar = (role: Role, pages: NavItem[]): NavItem[] => [
  { label: "Dashboard", to: `/${role}/dashboard`, icon: IconLayoutDashboard },
  ...pages,
  { label: "Archive", to: `/${role}/archive`, icon: IconArchive },
  { label: "Profile", to: `/${role}/profile`, icon: IconUser },
];

/** The sidebars of the specification §2, plus Notices for students and the screens ThesisDesk adds. */
export const NAV: Record<Role, NavItem[]> = {
  committee: sidebar("committee", [
    { label: "Proposals", to: "/committee/proposals", icon: IconFiles },
    { label: "Approvals", to: "/committee/approvals", icon: IconGavel, badge: "awaitingCommittee" },
    { label: "Theses", to: "/committee/theses", icon: IconNotebook },
    { label: "Defenses", to: "/committee/defenses", icon: IconPresentation },
    { label: "Activity", to: "/committee/activity", icon: IconActivity },
    { label: "Terms", to: "/committee/terms", icon: IconCalendarEvent },
    { label: "Allocation", to: "/committee/allocation", icon: IconGitMerge },
    { label: "All Students", to: "/committee/all-students", icon: IconSchool },
    { label: "All Teachers", to: "/committee/all-teachers", icon: IconUsers },
    { label: "Research Cells", to: "/committee/research-cells", icon: IconBuildingCommunity },
    { label: "Rooms", to: "/committee/rooms", icon: IconDoor },
    { label: "Cell Members", to: "/committee/cell-members", icon: IconUsersGroup },
    { label: "Committee Members", to: "/committee/committee-members", icon: IconUserShield },
    { label: "Data retention", to: "/committee/retention", icon: IconHourglass },
  ]),
  supervisor: sidebar("supervisor", [
    // The specification's Request, whose screen is also at /supervisor/pending-proposals: one item.
    {
      label: "Request",
      to: "/supervisor/requests",
      icon: IconInbox,
      alsoAt: ["/supervisor/pending-proposals"],
    },
    { label: "Groups", to: "/supervisor/groups", icon: IconLayoutKanban },
    { label: "Notice", to: "/supervisor/notice", icon: IconSpeakerphone },
    { label: "Chat", to: "/supervisor/chat", icon: IconMessages, badge: "unreadChat" },
    { label: "Theses", to: "/supervisor/theses", icon: IconNotebook },
    { label: "Review History", to: "/supervisor/history", icon: IconHistory },
    { label: "Topics", to: "/supervisor/topics", icon: IconBulb },
    { label: "Applicants", to: "/supervisor/applicants", icon: IconArrowsSort },
  ]),
  student: sidebar("student", [
    { label: "Submit Proposal", to: "/student/proposal", icon: IconSend },
    { label: "Proposal Status", to: "/student/proposal-status", icon: IconChecklist },
    { label: "Thesis", to: "/student/theses", icon: IconNotebook },
    { label: "Topics", to: "/student/topics", icon: IconBulb },
    { label: "Notices", to: "/student/notices", icon: IconFileText, badge: "unreadNotices" },
    { label: "Chat", to: "/student/chat", icon: IconMessages, badge: "unreadChat" },
    { label: "Research Cell Info", to: "/student/research-cell-info", icon: IconBooks },
  ]),
};

export const ROLE_LABEL: Record<Role, string> = {
  committee: "Committee",
  supervisor: "Supervisor",
  student: "Student",
};
