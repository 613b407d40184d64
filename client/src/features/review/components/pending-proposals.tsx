import { EmptyState } from "@client/components/empty-state";
import { LoadError } from "@client/components/load-error";
import { countText } from "@client/lib/count";
import { notify } from "@client/lib/notify";
import { cellTitle, formatDate, memberNames } from "@client/lib/proposal-format";
import { Button, Center, Group, Loader, Pagination, Paper, Table, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { IconInbox } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { PENDING_PAGE_SIZE, usePendingProposals } from "../api/use-pending-proposals";
import { ReviewModal } from "./review-modal";

/** The supervisor's Pending proposals, oldest first, each with "Review". */
export function PendingProposals() {
  const [page, setPage] = useState(1);
  const list = usePendingProposals(page);
  const [reviewing, setReviewing] = useState<ProposalSummary | null>(null);

  // The specification's toast, once per failure (a failed retry is a new failure).
  // biome-ignore lint/correctness/useExhaustiveDependencies: errorUpdatedAt marks each new failure
  useEffect(() => {
    if (list.isError) notify.error(MSG.fetchPendingFailed);
  }, [list.isError, list.errorUpdatedAt]);

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PENDING_PAGE_SIZE));
  // Reviewing the last item of the last page leaves it empty: step back.
  useEffect(() => {
    if (list.data && page > pages) setPage(pages);
  }, [list.data, page, pages]);

  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading pending proposals" />
      </Center>
    );
  }
  if (list.isError && !list.data) {
    return <LoadError title={MSG.fetchPendingFailed} onRetry={() => void list.refetch()} />;
  }
  const items = list.data?.items ?? [];
  if (!items.length) {
    return (
      <EmptyState
        icon={IconInbox}
        title="No pending proposals"
        description="When a group submits a proposal to you, it appears here for review."
      />
    );
  }

  return (
    <>
      <Paper withBorder>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Pending proposals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Research cell</Table.Th>
                <Table.Th>Members</Table.Th>
                <Table.Th>Submitted</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td maw={320}>
                    <Text fw={600} size="sm" lineClamp={2}>
                      {p.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      by {p.createdBy?.name || MSG.unknown}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.type}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{cellTitle(p)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{memberNames(p)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(p.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" onClick={() => setReviewing(p)} aria-label={`Review ${p.title}`}>
                      Review
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed">
          {countText(total, list.data?.capped)} pending{" "}
          {total === 1 && !list.data?.capped ? "proposal" : "proposals"}, oldest first
        </Text>
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />}
      </Group>
      <ReviewModal proposal={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
