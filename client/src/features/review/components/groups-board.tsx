import { EmptyState } from "@client/components/empty-state";
import { CardGrid, CardList, pageCount } from "@client/components/list-parts";
import { LoadError } from "@client/components/load-error";
import { MembersLine } from "@client/components/member-name";
import { OverdueBadge } from "@client/components/overdue-badge";
import { PageLoader } from "@client/components/page-loader";
import { STATUS_COLOR } from "@client/components/status-badge";
import { countText } from "@client/lib/count";
import { DateText } from "@client/lib/dates";
import { cellTitle, memberNames } from "@client/lib/proposal-format";
import { useNarrow } from "@client/lib/use-narrow";
import { Anchor, Badge, Group, Pagination, Paper, Stack, Text, Title } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { BOARD_PAGE_SIZE, type BoardSection, type BoardState, useGroupsBoard } from "../api/use-groups-board";
import { ReviewCard, ReviewTable } from "./review-table";

const sectionId = (state: BoardState) => `groups-${state.toLowerCase().replace(/ /g, "-")}`;

/**
 * Every group of the supervisor's in a term (none = the current one), by state: Pending first and
 * oldest first (an overdue review marked), then the states a proposal goes on to. A count per state
 * on top leads to its list; each title opens the proposal's page, whose "Back" returns here.
 */
export function GroupsBoard({ termId }: { termId?: string }) {
  // Another term's board starts on each state's first page.
  const [paging, setPaging] = useState<{ termId?: string; pages: Partial<Record<BoardState, number>> }>({
    termId,
    pages: {},
  });
  const pages = paging.termId === termId ? paging.pages : {};
  const board = useGroupsBoard(termId, pages);
  const setPage = (state: BoardState, page: number) =>
    setPaging({ termId, pages: { ...pages, [state]: page } });
  if (board.some((s) => s.list.isPending)) return <PageLoader label="Loading groups" />;
  const failed = board.find((s) => s.list.isError && !s.list.data);
  if (failed)
    return <LoadError title={MSG.fetchProposalsFailed} onRetry={() => void failed.list.refetch()} />;
  const shown = board.filter((s) => (s.list.data?.total ?? 0) > 0);
  if (!shown.length)
    return (
      <EmptyState
        icon={IconUsersGroup}
        title="No groups in this term"
        description="A group appears here once its proposal reaches you, and stays in its state's list."
      />
    );
  return (
    <Stack gap="lg">
      <Counts board={board} />
      {shown.map((s) => (
        <StateSection
          key={s.state}
          section={s}
          showTerm={termId === "all"}
          onPage={(page) => setPage(s.state, page)}
        />
      ))}
    </Stack>
  );
}

/** How many groups each state holds; a state with groups leads to its list. */
function Counts({ board }: { board: BoardSection[] }) {
  return (
    <nav aria-label="Groups by state">
      <CardGrid cols={{ base: 2, xs: 3, md: 6 }}>
        {board.map((s) => {
          const total = s.list.data?.total ?? 0;
          const label = (
            <>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.3}>
                {s.state}
              </Text>
              <Text fw={700} fz="xl">
                {countText(total, s.list.data?.capped)}
              </Text>
            </>
          );
          return (
            <Paper component="li" withBorder p="sm" key={s.state} data-state={s.state}>
              {total > 0 ? (
                <Anchor href={`#${sectionId(s.state)}`} underline="never" c="inherit" display="block">
                  {label}
                </Anchor>
              ) : (
                label
              )}
            </Paper>
          );
        })}
      </CardGrid>
    </nav>
  );
}

function StateSection({
  section: s,
  showTerm,
  onPage,
}: {
  section: BoardSection;
  showTerm: boolean;
  onPage: (page: number) => void;
}) {
  const narrow = useNarrow();
  const items = s.list.data?.items ?? [];
  const total = s.list.data?.total ?? 0;
  const count = countText(total, s.list.data?.capped);
  const pages = pageCount(total, BOARD_PAGE_SIZE);
  const id = sectionId(s.state);
  const headingId = `${id}-heading`;
  const under = (p: ProposalSummary) => (
    <Text size="xs" c="dimmed">
      by {p.createdBy?.name || MSG.unknown} · {p.type}
      {showTerm && ` · ${p.term.name}`}
    </Text>
  );
  return (
    <Stack component="section" id={id} aria-labelledby={headingId} gap="sm" style={{ scrollMarginTop: 72 }}>
      <Group gap="xs">
        <Title order={2} fz="lg" id={headingId}>
          {s.state}
        </Title>
        <Badge color={STATUS_COLOR[s.state]} variant="light" aria-hidden>
          {count}
        </Badge>
        {s.state === "Pending" && (
          <Text size="sm" c="dimmed">
            oldest first
          </Text>
        )}
      </Group>
      {narrow ? (
        <CardList gap="sm" aria-labelledby={headingId}>
          {items.map((p) => (
            <ReviewCard key={p.id} proposal={p}>
              {under(p)}
              <MembersLine proposal={p} mt={6} />
              <Text size="xs" c="dimmed" mt={4}>
                {cellTitle(p)} · submitted <DateText iso={p.createdAt} />
              </Text>
            </ReviewCard>
          ))}
        </CardList>
      ) : (
        <ReviewTable
          label={`${s.state} groups`}
          highlightOnHover
          items={items}
          titleWidth={340}
          under={(p) => (
            <>
              {under(p)}
              <OverdueBadge proposal={p} size="sm" mt={4} />
            </>
          )}
          columns={[
            { label: "Research cell", cell: cellTitle },
            { label: "Members", cell: (p) => memberNames(p), maw: 280 },
            { label: "Submitted", cell: (p) => <DateText iso={p.createdAt} /> },
          ]}
        />
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={s.page}
            onChange={onPage}
            aria-label={`Pages of ${s.state} groups`}
            size="sm"
          />
        </Group>
      )}
    </Stack>
  );
}
