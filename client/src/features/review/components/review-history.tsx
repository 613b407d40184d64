import { EmptyState } from "@client/components/empty-state";
import { CardList, Field } from "@client/components/list-parts";
import { OverdueBadge } from "@client/components/overdue-badge";
import { PageLoader } from "@client/components/page-loader";
import { StatusBadge } from "@client/components/status-badge";
import { countText } from "@client/lib/count";
import { DateText } from "@client/lib/dates";
import { memberNames } from "@client/lib/proposal-format";
import { useNarrow } from "@client/lib/use-narrow";
import {
  Alert,
  Box,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import type { ProposalStatus } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { IconAlertCircle, IconHistory } from "@tabler/icons-react";
import { useState } from "react";
import { HISTORY_PAGE_SIZE, useReviewHistory } from "../api/use-review-history";
import { ProposalTitle, ReviewTable } from "./review-table";

type Tab = "Approved" | "Denied" | "Pending";
const TABS: Tab[] = ["Approved", "Denied", "Pending"];

const EMPTY: Record<Tab, string> = {
  Approved: "You have not approved any proposals yet.",
  Denied: "You have not denied any proposals.",
  Pending: "No proposals are waiting for your review.",
};

const feedbackText = (p: ProposalSummary) =>
  p.feedback || (p.status === "Pending" ? "Not reviewed yet" : "No feedback given");

function Feedback({ proposal: p }: { proposal: ProposalSummary }) {
  return (
    <Text
      size="sm"
      c={p.feedback ? undefined : "dimmed"}
      style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
    >
      {feedbackText(p)}
    </Text>
  );
}

/** The rows as cards, for narrow screens: nothing, the feedback least of all, off screen. */
function HistoryCards({
  items,
  status,
  showTerm,
}: {
  items: ProposalSummary[];
  status: ProposalStatus;
  showTerm: boolean;
}) {
  return (
    <CardList gap="sm" aria-label={`${status} proposals`}>
      {items.map((p) => (
        <Paper component="li" key={p.id} withBorder radius="md" p="sm" aria-label={p.title}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <ProposalTitle proposal={p} />
              <Text size="xs" c="dimmed">
                {p.type}
                {showTerm && ` · ${p.term.name}`}
              </Text>
            </div>
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              <StatusBadges proposal={p} overdueFirst />
            </Group>
          </Group>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt="xs">
            <Field label="Members">{memberNames(p)}</Field>
            <Field label="Submitted">
              <DateText iso={p.createdAt} />
            </Field>
            <Field label="Reviewed">
              <DateText iso={p.reviewedAt} />
            </Field>
          </SimpleGrid>
          <Box mt="xs">
            <Field label="Feedback">
              <Feedback proposal={p} />
            </Field>
          </Box>
        </Paper>
      ))}
    </CardList>
  );
}

/**
 * All the supervisor's proposals in a term (none = the current term) by status, with the feedback
 * they gave and when.
 */
export function ReviewHistory({ termId }: { termId?: string }) {
  const narrow = useNarrow();
  const [status, setStatus] = useState<Tab>("Approved");
  // Another term's list starts on its first page.
  const [paging, setPaging] = useState({ termId, page: 1 });
  const page = paging.termId === termId ? paging.page : 1;
  const setPage = (p: number) => setPaging({ termId, page: p });
  const list = useReviewHistory(status, page, termId);
  const showTerm = termId === "all";
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));

  return (
    <Stack>
      <SegmentedControl
        aria-label="Status"
        data={TABS}
        value={status}
        onChange={(v) => {
          setStatus(v as Tab);
          setPage(1);
        }}
        maw={420}
      />
      {list.isPending ? (
        <PageLoader label="Loading proposals" />
      ) : list.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {MSG.fetchProposalsFailed}
        </Alert>
      ) : !list.data.items.length ? (
        <EmptyState
          icon={IconHistory}
          title={`No ${status.toLowerCase()} proposals`}
          description={EMPTY[status]}
        />
      ) : (
        <>
          {narrow ? (
            <HistoryCards items={list.data.items} status={status} showTerm={showTerm} />
          ) : (
            <ReviewTable
              label={`${status} proposals`}
              items={list.data.items}
              titleWidth={280}
              under={(p) => (
                <Text size="xs" c="dimmed">
                  {p.type}
                  {showTerm && ` · ${p.term.name}`}
                </Text>
              )}
              columns={[
                { label: "Members", cell: (p) => memberNames(p) },
                { label: "Submitted", cell: (p) => <DateText iso={p.createdAt} /> },
                {
                  label: "Status",
                  cell: (p) => (
                    <Group gap={6}>
                      <StatusBadges proposal={p} overdueFirst={false} />
                    </Group>
                  ),
                  bare: true,
                },
                { label: "Reviewed", cell: (p) => <DateText iso={p.reviewedAt} /> },
                { label: "Feedback", cell: (p) => <Feedback proposal={p} />, bare: true, maw: 360 },
              ]}
            />
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {countText(total, list.data?.capped)} {status.toLowerCase()}{" "}
              {total === 1 && !list.data?.capped ? "proposal" : "proposals"}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />}
          </Group>
        </>
      )}
    </Stack>
  );
}

/** Its status, and Overdue when it is (first on a card, where it catches the eye; after in the table). */
function StatusBadges({ proposal: p, overdueFirst }: { proposal: ProposalSummary; overdueFirst: boolean }) {
  const overdue = <OverdueBadge proposal={p} />;
  return (
    <>
      {overdueFirst && overdue}
      <StatusBadge status={p.status} />
      {!overdueFirst && overdue}
    </>
  );
}
