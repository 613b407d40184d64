import { EmptyState } from "@client/components/empty-state";
import { PageLoader } from "@client/components/page-loader";
import { DateText } from "@client/lib/dates";
import {
  Alert,
  Badge,
  Box,
  Group,
  Pagination,
  Paper,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Notice } from "@shared/schemas/notices";
import { IconAlertCircle, IconBellOff } from "@tabler/icons-react";
import { useState } from "react";
import { useMarkNoticeRead } from "../api/use-mark-notice-read";
import { useNotices } from "../api/use-notices";
import classes from "./notice-item.module.css";
import { NoticeModal } from "./notice-modal";

const PAGE_SIZE = 10;

function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen: () => void }) {
  const unread = !notice.readAt;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      className={classes.card}
      bg={unread ? "var(--mantine-color-indigo-0)" : undefined}
      style={{
        borderLeft: unread ? "4px solid var(--mantine-color-indigo-6)" : undefined,
        overflow: "hidden",
      }}
      data-unread={unread || undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            {/* The title is the button (its name what it shows, said with whether it is read);
                the card around it opens the notice too. */}
            <UnstyledButton onClick={onOpen} className={classes.open} fw={unread ? 700 : 500}>
              <VisuallyHidden>{unread ? "Unread notice:" : "Notice:"}</VisuallyHidden> {notice.title}
            </UnstyledButton>
            {unread && (
              <Badge size="sm" color="indigo" aria-hidden>
                New
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {notice.supervisor?.name || MSG.unknown} · {notice.group?.title || MSG.unknown}
          </Text>
        </Stack>
        <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          <DateText iso={notice.createdAt} withTime />
        </Text>
      </Group>
      <Text
        size="sm"
        mt={6}
        c={unread ? undefined : "dimmed"}
        lineClamp={2}
        style={{ overflowWrap: "anywhere" }}
      >
        {notice.description}
      </Text>
    </Paper>
  );
}

/** The notices a student received, newest first; unread ones stand out; opening one marks it read. */
export function StudentNotices() {
  const [page, setPage] = useState(1);
  const list = useNotices(page, PAGE_SIZE);
  const markRead = useMarkNoticeRead();
  const [open, setOpen] = useState<Notice | null>(null);

  const openNotice = (n: Notice) => {
    setOpen(n);
    if (!n.readAt) markRead.mutate(n.id);
  };

  if (list.isPending) {
    return <PageLoader label="Loading notices" />;
  }
  if (list.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        Your notices could not be loaded. Please try again.
      </Alert>
    );
  }
  const { items, total, unread = 0 } = list.data;
  if (!items.length) {
    return (
      <EmptyState
        icon={IconBellOff}
        title="No notices yet"
        description="When your supervisor sends your group a notice, it appears here."
      />
    );
  }
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm" data-testid="unread-summary">
        {unread === 0
          ? "All caught up: no unread notices."
          : `${unread} unread ${unread === 1 ? "notice" : "notices"}`}
      </Text>
      <Box
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: "none", display: "grid", gap: "var(--mantine-spacing-sm)" }}
        aria-label="Notices"
      >
        {items.map((n) => (
          <NoticeItem key={n.id} notice={n} onOpen={() => openNotice(n)} />
        ))}
      </Box>
      {pages > 1 && (
        <Group justify="flex-end" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />
        </Group>
      )}
      <NoticeModal notice={open} onClose={() => setOpen(null)} />
    </>
  );
}
