import { Field } from "@client/components/list-parts";
import { MemberName } from "@client/components/member-name";
import { StatusBadge } from "@client/components/status-badge";
import { useBackHere } from "@client/lib/back";
import { DateText } from "@client/lib/dates";
import { cellTitle, proposalTitle, supervisorName } from "@client/lib/proposal-format";
import { Anchor, Blockquote, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ProposalStatus } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { Proposal, ProposalSummary } from "@shared/schemas/proposals";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The statuses a supervisor's review has led to: the card shows when, and their feedback. */
const REVIEWED: readonly ProposalStatus[] = ["Approved", "Denied", "Changes requested", "Awaiting committee"];

const FEEDBACK_COLOR: Partial<Record<ProposalStatus, string>> = {
  Approved: "green",
  "Awaiting committee": "green",
  Denied: "red",
  Withdrawn: "gray",
};

function Feedback({ label, text, color }: { label: string; text: string | null; color: string }) {
  return (
    <Stack gap={4} mt="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {text ? (
        <Blockquote color={color} p="sm" pl="md" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {text}
        </Blockquote>
      ) : (
        <Text size="sm">{MSG.notAvailable}</Text>
      )}
    </Stack>
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
  children,
}: {
  proposal: Proposal | ProposalSummary;
  full?: boolean;
  linkTitle?: boolean;
  showTerm?: boolean;
  footer?: ReactNode;
  /** What follows the facts and the feedback: for example the next step. */
  children?: ReactNode;
}) {
  const back = useBackHere();
  const reviewed = REVIEWED.includes(p.status) || (p.status === "Withdrawn" && p.reviewedAt !== null);
  const committee = p.committeeFeedback !== null || p.committeeDecidedAt !== null;
  const group = [...p.members]
    .sort((a, b) => a.position - b.position)
    .map((m) => `${m.name || MSG.unknown}${m.state === "invited" ? " (invited)" : ""}`)
    .join(", ");
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={proposalTitle(p)}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Title order={2} fz="lg" style={{ overflowWrap: "anywhere" }}>
          {linkTitle ? (
            <Anchor component={Link} to={`/student/proposals/${p.id}`} state={back} inherit>
              {proposalTitle(p)}
            </Anchor>
          ) : (
            p.title
          )}
        </Title>
        <StatusBadge status={p.status} size="lg" />
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
                <MemberName member={m} />
                {m.state === "invited" && (
                  <Text span c="dimmed" size="sm">
                    {" "}
                    (invited)
                  </Text>
                )}
              </Text>
            ))}
          </div>
        ) : (
          <Field label="Members">{group || MSG.notAvailable}</Field>
        )}
        <Field label="Submitted">
          <DateText iso={p.createdAt} />
        </Field>
        {reviewed && (
          <Field label="Reviewed">
            <DateText iso={p.reviewedAt} />
          </Field>
        )}
      </SimpleGrid>

      {reviewed && (
        <Feedback
          label="Supervisor's feedback"
          text={p.feedback}
          // Once the committee has decided, the supervisor had approved it, whatever the decision.
          color={committee ? "green" : (FEEDBACK_COLOR[p.status] ?? "yellow")}
        />
      )}
      {committee && (
        <Feedback
          label="Committee's feedback"
          text={p.committeeFeedback}
          color={FEEDBACK_COLOR[p.status] ?? "yellow"}
        />
      )}
      {children}
      {footer && <Group mt="md">{footer}</Group>}
    </Card>
  );
}
