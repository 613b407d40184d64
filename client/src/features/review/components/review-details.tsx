import { Field } from "@client/components/list-parts";
import { OverdueBadge } from "@client/components/overdue-badge";
import { StatusBadge } from "@client/components/status-badge";
import { DateText, formatInZone } from "@client/lib/dates";
import { cellTitle, memberNames } from "@client/lib/proposal-format";
import { proposalQueries } from "@client/lib/queries/proposals";
import { Badge, Group, SimpleGrid, Spoiler, Stack, Text } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { Proposal, ProposalSummary } from "@shared/schemas/proposals";
import { useQuery } from "@tanstack/react-query";

/** A proposal from a list (an excerpt of its abstract) or whole (from its page). */
export type Reviewable = ProposalSummary | Proposal;

/**
 * The abstract to review: a list carries its first LIMITS.excerptMax characters, so one that long
 * may be cut and the whole proposal is fetched; until it arrives the excerpt shows.
 */
function useAbstract(proposal: Reviewable) {
  const given = "abstract" in proposal ? proposal.abstract : null;
  const cut = given === null && "excerpt" in proposal && proposal.excerpt.length >= LIMITS.excerptMax;
  const whole = useQuery({ ...proposalQueries.detail(proposal.id), enabled: cut });
  const excerpt = "excerpt" in proposal ? proposal.excerpt : "";
  return { text: given ?? whole.data?.abstract ?? excerpt, loading: cut && whole.isPending };
}

/** What the supervisor reviews: the title and status, the abstract (whole), and the facts. */
export function ReviewDetails({ proposal, zone }: { proposal: Reviewable; zone: string }) {
  const abstract = useAbstract(proposal);
  return (
    <>
      <Stack gap={4}>
        <Text fw={700} size="lg" style={{ overflowWrap: "anywhere" }}>
          {proposal.title}
        </Text>
        <Group gap="xs">
          <Badge variant="light">{proposal.type}</Badge>
          <StatusBadge status={proposal.status} />
          <OverdueBadge proposal={proposal} />
        </Group>
      </Stack>
      <Stack gap={2}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          Abstract
        </Text>
        <Spoiler maxHeight={140} showLabel="Show more" hideLabel="Show less">
          <Text
            size="sm"
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            aria-busy={abstract.loading}
          >
            {abstract.text}
            {abstract.loading && "…"}
          </Text>
        </Spoiler>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Field label="Type">{proposal.type}</Field>
        <Field label="Research cell">{cellTitle(proposal)}</Field>
        <Field label="Submitted by">{proposal.createdBy?.name || MSG.unknown}</Field>
        <Field label="Submitted">
          <DateText iso={proposal.createdAt} />
        </Field>
        <Field label="Members">{memberNames(proposal)}</Field>
        <Field label="Term">{proposal.term.name}</Field>
        {proposal.version > 1 && <Field label="Version">{proposal.version}</Field>}
        {proposal.reviewDueAt && <Field label="Review due">{formatInZone(proposal.reviewDueAt, zone)}</Field>}
      </SimpleGrid>
    </>
  );
}
