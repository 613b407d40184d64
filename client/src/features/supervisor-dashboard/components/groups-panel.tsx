import { LoadError, QueryError } from "@client/components/load-error";
import { PageLoader } from "@client/components/page-loader";
import { countText } from "@client/lib/count";
import { Button, Group, Stack, Text } from "@mantine/core";
import type { ProposalType } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { useSupervisorGroups } from "../api/use-supervisor-groups";
import { GroupList } from "./detail-lists";

/**
 * The groups behind one count (Thesis, Project or, without a type, all) in the dashboard's term,
 * newest first: read page by page from GET /api/proposals while this is on screen, with "Load
 * more" under the list.
 */
export function GroupsPanel({ type, termId }: { type?: ProposalType; termId?: string }) {
  const list = useSupervisorGroups(type, termId);

  if (list.isPending) {
    return <PageLoader label="Loading groups" />;
  }
  if (list.isError && !list.data) {
    return <QueryError title={MSG.fetchProposalsFailed} query={list} />;
  }

  // A group that moved between two pages' reads (a newer one arrived) is shown once.
  const seen = new Set<string>();
  const groups: ProposalSummary[] = [];
  for (const page of list.data.pages)
    for (const p of page.items)
      if (!seen.has(p.id)) {
        seen.add(p.id);
        groups.push(p);
      }
  const last = list.data.pages.at(-1);
  const total = countText(last?.total ?? groups.length, last?.capped);

  return (
    <Stack gap="sm">
      <GroupList groups={groups} />
      {list.isFetchNextPageError && (
        <LoadError
          title={MSG.fetchProposalsFailed}
          message={list.error?.message}
          onRetry={() => void list.fetchNextPage()}
        />
      )}
      {list.hasNextPage && !list.isFetchNextPageError && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Showing {groups.length} of {total}
          </Text>
          <Button
            variant="light"
            size="xs"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
