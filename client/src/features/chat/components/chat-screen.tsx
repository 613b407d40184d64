import { EmptyState } from "@client/components/empty-state";
import { PageHeader } from "@client/components/page-header";
import { PageLoader } from "@client/components/page-loader";
import { StatusBadge } from "@client/components/status-badge";
import { useNarrow } from "@client/lib/use-narrow";
import { Alert, Badge, Button, Group, NavLink, Paper, ScrollArea, Select, Stack, Text } from "@mantine/core";
import { ACTIVE_STATUSES } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import type { ProposalGroup } from "@shared/schemas/proposals";
import { IconMessages } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useUnreadChat } from "../api/use-chat";
import { useChatGroups } from "../api/use-chat-groups";
import { ChatThread } from "./chat-thread";

const isActive = (p: ProposalGroup) => ACTIVE_STATUSES.includes(p.status);
const memberNames = (p: ProposalGroup) => p.members.map((m) => m.name).join(", ");

/**
 * The group chat. Students see their group's thread (with a picker if they have older,
 * denied proposals); supervisors pick one of their groups from a list (a picker on a phone), each
 * with its unread messages. The thread fills the screen, its box to write in always on it.
 */
export function ChatScreen({ variant }: { variant: "student" | "supervisor" }) {
  const groups = useChatGroups();
  const unread = useUnreadChat();
  const narrow = useNarrow();
  const [params, setParams] = useSearchParams();

  if (groups.isPending) return <PageLoader />;
  const items = groups.data?.items ?? [];
  const selected = items.find((p) => p.id === params.get("group")) ?? items.find(isActive) ?? items[0];
  const choose = (id: string | null) => id && setParams({ group: id }, { replace: true });

  const header = (
    <PageHeader
      title="Chat"
      description={
        variant === "student"
          ? "Talk with your group and your supervisor."
          : "Talk with the groups you supervise."
      }
    />
  );
  if (groups.isError) {
    return (
      <>
        {header}
        <Alert color="red">Your groups could not be loaded. Please try again.</Alert>
      </>
    );
  }
  if (!selected) {
    return (
      <>
        {header}
        <EmptyState
          icon={IconMessages}
          title="No group chat yet"
          description={
            variant === "student"
              ? "The chat opens once you submit a proposal: your group and your supervisor meet here."
              : "A chat opens for each proposal addressed to you."
          }
          action={
            variant === "student" && (
              <Button component={Link} to="/student/proposal">
                Submit a proposal
              </Button>
            )
          }
        />
      </>
    );
  }

  const unreadOf = (id: string) => unread.data?.threads.find((t) => t.proposalId === id)?.unread ?? 0;
  const threadTitle = (
    <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
      <Stack gap={0} miw={0}>
        <Text fw={600} style={{ overflowWrap: "anywhere" }} lineClamp={narrow ? 2 : undefined}>
          {selected.title}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={narrow ? 1 : undefined}>
          {variant === "student" ? `Supervisor: ${selected.supervisor?.name ?? "Unknown"} · ` : ""}
          Members: {memberNames(selected)}
        </Text>
      </Stack>
      {/* Never squeezed: a long title wraps beside it rather than cutting it to "AP…". */}
      <StatusBadge status={selected.status} />
    </Group>
  );
  const thread = <ChatThread proposalId={selected.id} key={selected.id} />;
  // A picker for a student with several groups, and for a supervisor on a phone (a list there
  // would push the thread off screen): each group named with its unread messages.
  const picker = (
    <Select
      label="Group"
      mb="sm"
      maw={480}
      data={items.map((p) => {
        const n = unreadOf(p.id);
        return { value: p.id, label: `${p.title} (${p.status})${n ? ` · ${unreadText(n)}` : ""}` };
      })}
      value={selected.id}
      onChange={choose}
      allowDeselect={false}
    />
  );

  if (variant === "student" || narrow) {
    return (
      <FillScreen>
        {header}
        {items.length > 1 && picker}
        {threadTitle}
        {thread}
      </FillScreen>
    );
  }

  return (
    <FillScreen>
      {header}
      <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <Paper withBorder p="xs" w="33%" maw={360} style={{ display: "flex", flexDirection: "column" }}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" py={4} id="chat-groups-title">
            Your groups
          </Text>
          <ScrollArea style={{ flex: 1 }}>
            {/* Each group is a button (a link without an address is skipped by Tab), and the
                open one says so to screen readers as well as by its colour. */}
            <nav aria-labelledby="chat-groups-title">
              {items.map((p) => {
                const n = unreadOf(p.id);
                return (
                  <NavLink
                    key={p.id}
                    component="button"
                    type="button"
                    active={p.id === selected.id}
                    aria-current={p.id === selected.id ? "true" : undefined}
                    label={p.title}
                    description={memberNames(p)}
                    styles={{
                      label: { overflowWrap: "anywhere" },
                      description: { overflowWrap: "anywhere", color: "var(--mantine-color-dimmed)" },
                    }}
                    onClick={() => choose(p.id)}
                    rightSection={
                      <Group gap={4} wrap="nowrap">
                        {n > 0 && (
                          <Badge size="sm" circle color="red" aria-label={unreadText(n)}>
                            {n >= LIMITS.unreadCountMax ? "99+" : n}
                          </Badge>
                        )}
                        {p.status === "Denied" && <StatusBadge status="Denied" size="xs" />}
                      </Group>
                    }
                  />
                );
              })}
            </nav>
          </ScrollArea>
        </Paper>
        <Stack gap={0} style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
          {threadTitle}
          {thread}
        </Stack>
      </Group>
    </FillScreen>
  );
}

const unreadText = (n: number) =>
  `${n}${n >= LIMITS.unreadCountMax ? "+" : ""} unread ${n === 1 ? "message" : "messages"}`;

/**
 * The chat takes the screen's height below the header (the shell's header and padding), as a
 * column whose last part, the thread, takes what is left: the box to write in is always on
 * screen. On a very short screen it keeps a usable height and the page scrolls.
 */
function FillScreen({ children }: { children: ReactNode }) {
  return (
    <Stack
      gap={0}
      h="calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-lg))"
      mih={420}
    >
      {children}
    </Stack>
  );
}
