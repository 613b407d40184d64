import { StatusBadge } from "@client/components/status-badge";
import {
  cellTitle,
  formatDate,
  memberNames,
  proposalTitle,
  supervisorName,
} from "@client/lib/proposal-format";
import { Anchor, Blockquote, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Proposal, ProposalSummary } from "@shared/schemas/proposals";
import type { ReactNode } from "react";
import { Link } from "react-router";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/**
 * One proposal as its group sees it: what was submitted, to whom, its status and, once
 * reviewed, the supervisor's feedback. `full` adds the abstract (a list's excerpt when that is all
 * there is) and the members' student IDs; `showTerm` the term it belongs to (for a list of every
 * term). Never "Overdue": that is for the supervisor and the committee.
 */
export function ProposalCard({
  proposal: p,
  full = false,
  linkTitle = true,
  showTerm = false,
  footer,
}: {
  proposal: Proposal | ProposalSummary;
  full?: boolean;
  linkTitle?: boolean;
  showTerm?: boolean;
  footer?: ReactNode;
}) {
  const reviewed = p.status !== "Pending";
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={proposalTitle(p)}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Title order={2} fz="lg" style={{ overflowWrap: "anywhere" }}>
          {linkTitle ? (
            <Anchor component={Link} to={`/student/proposals/${p.id}`} inherit>
              {proposalTitle(p)}
            </Anchor>
          ) : (
            p.title
          )}
        </Title>
        <StatusBadge status={p.status} size="lg" style={{ flexShrink: 0 }} />
      </Group>

      {full && (
        <Text size="sm" mb="md" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {"abstract" in p ? p.abstract : p.excerpt}
        </Text>
      )}

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        {showTerm && <Field label="Term">{p.term.name}</Field>}
        <Field label="Type">{p.type}</Field>
        <Field label="Research cell">{cellTitle(p)}</Field>
        <Field label="Supervisor">{supervisorName(p)}</Field>
        {full && p.members.length ? (
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Members
            </Text>
            {p.members.map((m) => (
              <Text size="sm" key={m.id}>
                {m.name || MSG.unknown}
                {m.studentId && (
                  <Text span c="dimmed" size="sm">
                    {" "}
                    ({m.studentId})
                  </Text>
                )}
              </Text>
            ))}
          </div>
        ) : (
          <Field label="Members">{memberNames(p, MSG.notAvailable)}</Field>
        )}
        <Field label="Submitted">{formatDate(p.createdAt)}</Field>
        {reviewed && <Field label="Reviewed">{formatDate(p.reviewedAt)}</Field>}
      </SimpleGrid>

      {reviewed && (
        <Stack gap={4} mt="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Supervisor's feedback
          </Text>
          {p.feedback ? (
            <Blockquote
              color={p.status === "Approved" ? "green" : "red"}
              p="sm"
              pl="md"
              style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            >
              {p.feedback}
            </Blockquote>
          ) : (
            <Text size="sm">{MSG.notAvailable}</Text>
          )}
        </Stack>
      )}
      {footer && <Group mt="md">{footer}</Group>}
    </Card>
  );
}
