import { EmptyState } from "@client/components/empty-state";
import { DateText } from "@client/lib/dates";
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { MSG } from "@shared/messages";
import { IconBellOff, IconSpeakerphone } from "@tabler/icons-react";
import { Link } from "react-router";
import { useNotices } from "../api/use-notices";

/** The student's latest notice, for the dashboard, with a link to all of them. */
export function LatestNoticeCard() {
  const latest = useNotices(1, 1);
  const notice = latest.data?.items[0];
  const unread = latest.data?.unread ?? 0;

  return (
    <Paper withBorder p="lg" radius="md" aria-label="Latest notice" component="section">
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <ThemeIcon variant="light" radius="md">
            <IconSpeakerphone size={18} />
          </ThemeIcon>
          <Text fw={600}>Latest notice</Text>
          {unread > 0 && (
            <Badge color="red" size="sm" aria-label={`${unread} unread`}>
              {unread} unread
            </Badge>
          )}
        </Group>
        <Anchor component={Link} to="/student/notices" size="sm">
          All notices
        </Anchor>
      </Group>
      {latest.isPending ? (
        <Stack gap="xs">
          <Skeleton height={14} width="50%" />
          <Skeleton height={12} />
        </Stack>
      ) : latest.isError ? (
        <Text size="sm" c="red">
          Your notices could not be loaded.
        </Text>
      ) : !notice ? (
        <EmptyState
          icon={IconBellOff}
          title="No notices yet"
          description="Your supervisor's notices will appear here."
          framed={false}
          compact
        />
      ) : (
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={notice.readAt ? 500 : 700}>{notice.title}</Text>
            {!notice.readAt && (
              <Badge size="sm" color="indigo">
                New
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {notice.supervisor?.name || MSG.unknown} · {notice.group?.title || MSG.unknown} ·{" "}
            <DateText iso={notice.createdAt} withTime />
          </Text>
          <Text size="sm" lineClamp={3} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {notice.description}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
