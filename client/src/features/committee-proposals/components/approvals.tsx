import { DocumentLink } from "@client/components/document-input";
import { EmptyState } from "@client/components/empty-state";
import { CardList, Field, ListFooter, pageCount } from "@client/components/list-parts";
import { QueryError } from "@client/components/load-error";
import { SimilarProposals } from "@client/components/similar-proposals";
import { StatusBadge } from "@client/components/status-badge";
import { TermSelect, useTermParam } from "@client/components/term-select";
import { usePageParam } from "@client/lib/address-filters";
import { useBackHere } from "@client/lib/back";
import { countText } from "@client/lib/count";
import { DateText } from "@client/lib/dates";
import { cellTitle, supervisorName } from "@client/lib/proposal-format";
import {
  Anchor,
  Blockquote,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { IconArrowRight, IconChecklist } from "@tabler/icons-react";
import { Link } from "react-router";
import { useCommitteeProposals } from "../api/use-committee-proposals";

import { groupText, proposalPath } from "./proposal-rows";
import { TERM_ID_PARAM } from "./use-proposal-filters";

export const APPROVALS_PAGE_SIZE = 20;

function ApprovalCard({ proposal: p }: { proposal: ProposalSummary }) {
  const back = useBackHere();
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={p.title}>
      {/* On a phone the badge goes under a long title rather than squeezing it. */}
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz="md" style={{ overflowWrap: "anywhere" }}>
            <Anchor component={Link} to={proposalPath(p.id)} state={back} inherit>
              {p.title}
            </Anchor>
          </Title>
          <Text size="xs" c="dimmed">
            {p.type} · {p.term.name} · submitted <DateText iso={p.createdAt} />
          </Text>
        </div>
        <StatusBadge status={p.status} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm" mt="sm">
        <Field label="Group">{groupText(p)}</Field>
        <Field label="Supervisor">{supervisorName(p)}</Field>
        <Field label="Research cell">{cellTitle(p)}</Field>
        <Field label="Approved by the supervisor">
          <DateText iso={p.reviewedAt} />
        </Field>
      </SimpleGrid>
      <Stack gap={4} mt="sm">
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          Supervisor's feedback
        </Text>
        {p.feedback ? (
          <Blockquote
            color="green"
            p="sm"
            pl="md"
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          >
            {p.feedback}
          </Blockquote>
        ) : (
          <Text size="sm" c="dimmed">
            No feedback given
          </Text>
        )}
      </Stack>
      {/* DESIGN.md §19: titles like this one the committee has seen before, a warning only. */}
      <Stack mt="sm">
        <SimilarProposals title={p.title} exclude={p.id} linkTo={(s) => proposalPath(s.id)} />
      </Stack>
      <Group justify="space-between" align="center" mt="sm" gap="sm">
        <Field label={`Document (version ${p.version})`}>
          {p.document ? (
            <DocumentLink document={p.document} />
          ) : (
            <Text size="sm" c="dimmed">
              No document
            </Text>
          )}
        </Field>
        <Button
          component={Link}
          to={proposalPath(p.id)}
          state={back}
          rightSection={<IconArrowRight size={16} />}
          aria-label={`Open ${p.title}`}
        >
          Open
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Approvals: the proposals Awaiting committee, oldest first (the longest waiting on top), in any
 * term unless one is chosen, each with its group, supervisor, the supervisor's feedback, the
 * document and the similar titles of other proposals (DESIGN.md §19); "Open" leads to the proposal's page, where the committee decides.
 */
export function Approvals() {
  const termId = useTermParam(TERM_ID_PARAM, "all");
  const [page, setPage] = usePageParam();
  const list = useCommitteeProposals({
    status: "Awaiting committee",
    order: "oldest",
    termId,
    page,
    pageSize: APPROVALS_PAGE_SIZE,
  });
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, APPROVALS_PAGE_SIZE);
  const items = list.data?.items ?? [];

  return (
    <Stack>
      <TermSelect param={TERM_ID_PARAM} fallback="all" />
      {list.isError && !list.data ? (
        <QueryError title={MSG.fetchProposalsFailed} query={list} />
      ) : list.isPending ? (
        <Stack gap="sm" aria-busy aria-label="Loading proposals">
          {[1, 2].map((i) => (
            <Skeleton key={i} height={180} radius="md" />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <EmptyState
          icon={IconChecklist}
          title="Nothing awaits the committee."
          description="Proposals that their supervisor approves in a term that asks for the committee's sign-off show here."
        />
      ) : (
        <>
          <CardList gap="md" aria-label="Awaiting committee" aria-busy={list.isFetching}>
            {items.map((p) => (
              <ApprovalCard key={p.id} proposal={p} />
            ))}
          </CardList>
          <ListFooter
            page={page}
            pages={pages}
            onPage={setPage}
            status={
              <>
                {countText(total, list.data?.capped)}{" "}
                {total === 1 && !list.data?.capped ? "proposal" : "proposals"} awaiting the committee
              </>
            }
          />
        </>
      )}
    </Stack>
  );
}
