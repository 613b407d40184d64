import { EmptyState } from "@client/components/empty-state";
import { PageLoader } from "@client/components/page-loader";
import { notify } from "@client/lib/notify";
import { Button, Group, Pagination, Paper, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { IconAlertTriangle, IconFileOff } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useProposals } from "../api/use-proposals";
import { ProposalCard } from "./proposal-card";

export const STATUS_PAGE_SIZE = 10;

/**
 * Proposal Status: the proposals the student created or belongs to in a term (none = the current
 * term), newest first, paged. With All terms, each card names its term.
 */
export function ProposalStatusList({ termId }: { termId?: string }) {
  // Another term's list starts on its first page.
  const [paging, setPaging] = useState({ termId, page: 1 });
  const page = paging.termId === termId ? paging.page : 1;
  const setPage = (p: number) => setPaging({ termId, page: p });
  const query = useProposals({ termId, page, pageSize: STATUS_PAGE_SIZE });

  useEffect(() => {
    if (query.isError) notify.error(MSG.fetchProposalsFailed);
  }, [query.isError]);

  if (query.isPending) {
    return <PageLoader label="Loading proposals" />;
  }
  if (query.isError) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <IconAlertTriangle size={32} color="var(--mantine-color-red-6)" />
          <Text fw={600}>Your proposals could not be loaded.</Text>
          <Button variant="default" onClick={() => query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </Stack>
      </Paper>
    );
  }
  const { items, total } = query.data;
  if (total === 0) {
    return (
      <EmptyState
        icon={IconFileOff}
        title={termId ? "No proposals in this term" : "No proposals yet"}
        description="Proposals you submit, or that name you as a group member, appear here."
        action={
          <Button component={Link} to="/student/proposal">
            Submit a proposal
          </Button>
        }
      />
    );
  }
  const pages = Math.ceil(total / STATUS_PAGE_SIZE);
  return (
    <Stack>
      {items.map((p) => (
        <ProposalCard key={p.id} proposal={p} showTerm={termId === "all"} />
      ))}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} aria-label="Proposal pages" />
        </Group>
      )}
    </Stack>
  );
}
