import { CardList } from "@client/components/list-parts";
import { useBackHere } from "@client/lib/back";
import { formatDateTime } from "@client/lib/dates";
import { Anchor, Box, Group, Paper, Table, Text } from "@mantine/core";
import { activityWhat, SCHEDULER_NAME } from "@shared/activity";
import type { ActivityItem } from "@shared/schemas/life";
import { Link } from "react-router";

export const who = (i: ActivityItem) => i.actor?.name || SCHEDULER_NAME;

/** What happened, in a sentence with whom or what it concerns when that is not the one who did it. */
export const what = (i: ActivityItem) =>
  activityWhat({
    kind: i.kind,
    action: i.action,
    actorId: i.actor?.id ?? null,
    subjectId: i.subject?.id ?? null,
    subjectName: i.subject?.name ?? null,
  });

/** The status it moved from and to: "Pending → Approved", "→ Pending" for a new one; nothing when none. */
export const statusChange = (i: ActivityItem) =>
  i.to && i.from !== i.to ? `${i.from ? `${i.from} ` : ""}→ ${i.to}` : "";

function ProposalLink({ item }: { item: ActivityItem }) {
  const back = useBackHere();
  if (!item.proposal)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Anchor
      component={Link}
      to={`/committee/proposals/${item.proposal.id}`}
      state={back}
      size="sm"
      style={{ overflowWrap: "break-word" }}
    >
      {item.proposal.title}
    </Anchor>
  );
}

function Time({ item, zone }: { item: ActivityItem; zone: string }) {
  return (
    <time dateTime={item.at} style={{ whiteSpace: "nowrap" }}>
      {formatDateTime(item.at, zone)}
    </time>
  );
}

/** The log as a table (desktop). */
export function ActivityTable({ items, zone, busy }: { items: ActivityItem[]; zone: string; busy: boolean }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" horizontalSpacing="md" striped aria-busy={busy} aria-label="Activity">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time ({zone})</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Proposal</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>
                <Text size="sm">
                  <Time item={i} zone={zone} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {who(i)}
                </Text>
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm">{what(i)}</Text>
              </Table.Td>
              <Table.Td maw={260}>
                <ProposalLink item={i} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {statusChange(i)}
                </Text>
              </Table.Td>
              <Table.Td maw={260}>
                <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "break-word" }}>
                  {i.note ?? ""}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same rows as cards (below md). */
export function ActivityCards({ items, zone, busy }: { items: ActivityItem[]; zone: string; busy: boolean }) {
  return (
    <CardList gap="sm" aria-label="Activity" aria-busy={busy}>
      {items.map((i) => (
        <Paper component="li" key={i.id} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            <Time item={i} zone={zone} />
          </Text>
          <Text size="sm">
            <Text span fw={600} inherit>
              {who(i)}
            </Text>{" "}
            {what(i)}
          </Text>
          {i.proposal && (
            <Box mt={4}>
              <ProposalLink item={i} />
            </Box>
          )}
          {(statusChange(i) || i.note) && (
            <Group gap="xs" mt={4} wrap="wrap">
              {statusChange(i) && <Text size="sm">{statusChange(i)}</Text>}
              {i.note && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap", overflowWrap: "break-word" }}>
                  “{i.note}”
                </Text>
              )}
            </Group>
          )}
        </Paper>
      ))}
    </CardList>
  );
}
