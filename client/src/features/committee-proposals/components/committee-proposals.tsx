import { DownloadButton } from "@client/components/download-button";
import type { EmptyWords } from "@client/components/list-parts";
import { PagedList } from "@client/components/paged-list";
import { proposalsCsvHref } from "@client/lib/exports";
import { Box, Group, Paper, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { IconFileSearch } from "@tabler/icons-react";
import { useCommitteeProposals } from "../api/use-committee-proposals";
import { ProposalFilters } from "./proposal-filters";
import { ProposalCards, ProposalTable } from "./proposal-rows";
import { useProposalFilters } from "./use-proposal-filters";

export const PROPOSALS_PAGE_SIZE = 20;

const EMPTY: EmptyWords = {
  icon: IconFileSearch,
  filtered: ["No proposals match these filters.", "Clear a filter or choose another term."],
  none: ["No proposals in this term yet.", "Proposals show here once students submit them."],
};

/**
 * The committee's Proposals: every proposal of a term (the current one by default), searched by
 * title words and filtered by status, research cell and supervisor, paged on the server (20 a
 * page; a count past LIMITS.listCountMax reads "1,000+"). A table on a desktop, cards below md.
 * "Export CSV" downloads every proposal the filters find, not only the page shown.
 */
export function CommitteeProposals() {
  const { filters, termId, update } = useProposalFilters();
  const shown = {
    q: filters.q || undefined,
    status: filters.status,
    researchCellId: filters.researchCellId,
    supervisorId: filters.supervisorId,
    termId,
  };
  const list = useCommitteeProposals({ ...shown, page: filters.page, pageSize: PROPOSALS_PAGE_SIZE });
  const filtered = !!(filters.q || filters.status || filters.researchCellId || filters.supervisorId);
  const showTerm = termId === "all";

  return (
    <Paper withBorder radius="md">
      <Box p="md">
        <ProposalFilters
          filters={filters}
          update={update}
          searching={list.isFetching && !list.isPending}
          filtered={filtered}
          onClear={() =>
            update({ q: "", status: undefined, researchCellId: undefined, supervisorId: undefined })
          }
        />
        <Group justify="space-between" align="center" mt="sm" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            The export holds every proposal these filters find, with its members, feedback and abstract.
          </Text>
          <DownloadButton href={proposalsCsvHref(shown)} />
        </Group>
      </Box>

      <PagedList
        query={list}
        page={filters.page}
        pageSize={PROPOSALS_PAGE_SIZE}
        onPage={update}
        of={["proposal", "proposals"]}
        failed={MSG.fetchProposalsFailed}
        loading="Loading proposals"
        rowHeight={36}
        words={EMPTY}
        filtered={filtered}
        cards={(items) => <ProposalCards items={items} showTerm={showTerm} busy={list.isFetching} />}
        table={(items) => <ProposalTable items={items} showTerm={showTerm} busy={list.isFetching} />}
      />
    </Paper>
  );
}
