import { DateText } from "@client/lib/dates";
import { Divider, Group, Modal, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Notice } from "@shared/schemas/notices";
import { IconCalendar, IconUser, IconUsersGroup } from "@tabler/icons-react";

/** One notice in full: title, description, supervisor, group and date. */
export function NoticeModal({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  return (
    <Modal
      opened={notice !== null}
      onClose={onClose}
      title={notice?.title ?? ""}
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      {notice && (
        <Stack gap="sm">
          <Stack gap={4}>
            <Group gap={6} wrap="nowrap">
              <IconUser size={15} stroke={1.6} />
              <Text size="sm">From {notice.supervisor?.name || MSG.unknown}</Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconUsersGroup size={15} stroke={1.6} />
              <Text size="sm">Group: {notice.group?.title || MSG.unknown}</Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconCalendar size={15} stroke={1.6} />
              <Text size="sm" c="dimmed">
                <DateText iso={notice.createdAt} withTime />
              </Text>
            </Group>
          </Stack>
          <Divider />
          <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{notice.description}</Text>
        </Stack>
      )}
    </Modal>
  );
}
