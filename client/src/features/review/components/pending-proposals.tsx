import { EmptyState } from "@client/components/empty-state";
import { CardList } from "@client/components/list-parts";
import { LoadError } from "@client/components/load-error";
import { MembersLine } from "@client/components/member-name";
import { OverdueBadge } from "@client/components/overdue-badge";
import { PageLoader } from "@client/components/page-loader";
import { countText } from "@client/lib/count";
import { DateText } from "@client/lib/dates";
import { notify } from "@client/lib/notify";
import { cellTitle, memberNames } from "@client/lib/proposal-format";
import { useNarrow } from "@client/lib/use-narrow";
import { Button, Group, Pagination, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { IconInbox } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { PENDING_PAGE_SIZE, usePendingProposals } from "../api/use-pending-proposals";
import { ReviewModal } from "./review-modal";
import { ReviewCard, ReviewTable } from "./review-table";

/**
 * The supervisor's Pending proposals in a term (none = the current term), oldest first, each with
 * "Review"; one past its review's due date says Overdue.
 */
export function PendingProposals({ termId }: { termId?: string }) {
  // Another term's list starts on its first page.
  const [paging, setPaging] = useState({ termId, page: 1 });
  const page = paging.termId === termId ? paging.page : 1;
  const setPage = (p: number) => setPaging({ termId, page: p });
  const list = usePendingProposals(page, termId);
  const [reviewing, setReviewing] = useState<ProposalSummary | null>(null);
  const narrow = useNarrow();

  // The specification's toast, once per failure (a failed retry is a new failure).
  // biome-ignore lint/correctness/useExhaustiveDependencies: errorUpdatedAt marks each new failure
  useEffect(() => {
    if (list.isError) notify.error(MSG.fetchPendingFailed);
  }, [list.isError, list.errorUpdatedAt]);

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PENDING_PAGE_SIZE));
  // Reviewing the last item of the last page leaves it empty: step back.
  useEffect(() => {
    if (list.data && page > pages) setPaging({ termId, page: pages });
  }, [list.data, page, pages, termId]);

  if (list.isPending) {
    return <PageLoader label="Loading pending proposals" />;
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

  const review = (p: ProposalSummary) => (
    <Button size="xs" onClick={() => setReviewing(p)} aria-label={`Review ${p.title}`}>
      Review
    </Button>
  );

  return (
    <>
      {narrow ? (
        // Narrow screens: a card per proposal, its Review button in view (not in a column off screen).
        <CardList gap="sm" aria-label="Pending proposals">
          {items.map((p) => (
            <ReviewCard key={p.id} proposal={p}>
              <Text size="xs" c="dimmed">
                by {p.createdBy?.name || MSG.unknown} · {p.type} · {cellTitle(p)}
                {termId === "all" && ` · ${p.term.name}`}
              </Text>
              <MembersLine proposal={p} mt={6} />
              <Group justify="space-between" mt="xs">
                <Text size="xs" c="dimmed">
                  Submitted <DateText iso={p.createdAt} />
                </Text>
                {review(p)}
              </Group>
            </ReviewCard>
          ))}
        </CardList>
      ) : (
        <ReviewTable
          label="Pending proposals"
          highlightOnHover
          items={items}
          titleWidth={320}
          under={(p) => (
            <>
              <Text size="xs" c="dimmed">
                by {p.createdBy?.name || MSG.unknown}
                {termId === "all" && ` · ${p.term.name}`}
              </Text>
              <OverdueBadge proposal={p} size="sm" mt={4} />
            </>
          )}
          columns={[
            { label: "Type", cell: (p) => p.type },
            { label: "Research cell", cell: cellTitle },
            { label: "Members", cell: (p) => memberNames(p) },
            { label: "Submitted", cell: (p) => <DateText iso={p.createdAt} /> },
            { label: "Actions", cell: review, bare: true },
          ]}
        />
      )}
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
