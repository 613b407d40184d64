import { EmptyState } from "@client/components/empty-state";
import { CardList } from "@client/components/list-parts";
import { PageLoader } from "@client/components/page-loader";
import { DateText } from "@client/lib/dates";
import { Alert, Badge, Group, Pagination, Paper, Stack, Text, Title } from "@mantine/core";
import { MSG } from "@shared/messages";
import { IconAlertCircle, IconSpeakerphone } from "@tabler/icons-react";
import { useState } from "react";
import { useNotices } from "../api/use-notices";

const PAGE_SIZE = 10;

/** The notices this supervisor has sent, newest first, with who received and read them. */
export function SentNotices() {
  const [page, setPage] = useState(1);
  const list = useNotices(page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack mt="xl" gap="sm">
      <Title order={2} fz="lg">
        Sent notices
      </Title>
      {list.isPending ? (
        <PageLoader label="Loading sent notices" py="lg" />
      ) : list.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          Your sent notices could not be loaded. Please try again.
        </Alert>
      ) : !list.data.items.length ? (
        <EmptyState
          compact
          icon={IconSpeakerphone}
          title="No notices sent yet"
          description="Notices you send to your groups are listed here."
        />
      ) : (
        <>
          <CardList gap="sm" aria-label="Sent notices">
            {list.data.items.map((n) => {
              const recipients = n.recipients ?? [];
              const readBy = recipients.filter((r) => r.readAt).length;
              return (
                <Paper withBorder p="md" key={n.id} component="li">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={2}>
                      <Text fw={600}>{n.title}</Text>
                      <Text size="xs" c="dimmed">
                        To {n.group?.title || MSG.unknown} · <DateText iso={n.createdAt} withTime />
                      </Text>
                    </Stack>
                    <Badge
                      variant="light"
                      color={recipients.length && readBy === recipients.length ? "green" : "gray"}
                      miw="max-content"
                    >
                      Read by {readBy}/{recipients.length}
                    </Badge>
                  </Group>
                  <Text
                    size="sm"
                    mt="xs"
                    style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
                    lineClamp={4}
                  >
                    {n.description}
                  </Text>
                  <Text size="xs" c="dimmed" mt="xs">
                    Recipients:{" "}
                    {recipients.length ? recipients.map((r) => r.name).join(", ") : MSG.notAvailable}
                  </Text>
                </Paper>
              );
            })}
          </CardList>
          {pages > 1 && (
            <Group justify="flex-end">
              <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
