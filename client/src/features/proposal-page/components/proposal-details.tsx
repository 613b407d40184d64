import { DocumentLink } from "@client/components/document-input";
import { Fact } from "@client/components/fact";
import { Section } from "@client/components/section";
import { formatInZone } from "@client/lib/dates";
import { cellTitle, proposalType, supervisorName } from "@client/lib/proposal-format";
import { Blockquote, SimpleGrid, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Proposal } from "@shared/schemas/proposals";

const when = (iso: string | null, zone: string) => (iso ? formatInZone(iso, zone) : MSG.notAvailable);

/**
 * What the proposal is: its abstract, the latest document, and the facts (type, cell, supervisor,
 * term, who submitted it and when, when its review is due), times in the department's zone.
 */
export function ProposalDetails({ proposal: p, zone }: { proposal: Proposal; zone: string }) {
  // A group of an allocation term has its cell and supervisor from the topic it is given.
  const unplaced = p.term.mode === "allocation" && p.supervisor === null;
  return (
    <Section title="Details">
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Abstract
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {p.abstract ||
            (unplaced
              ? "No abstract yet: the group's topic gives it one when the group is placed."
              : MSG.notAvailable)}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Document
        </Text>
        {p.document ? (
          <DocumentLink document={p.document} />
        ) : (
          <Text size="sm">
            {p.version ? `No document attached to version ${p.version}.` : "No document attached."}
          </Text>
        )}
      </Stack>
      <SimpleGrid component="dl" m={0} cols={{ base: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        <Fact label="Type">{proposalType(p)}</Fact>
        <Fact label="Research cell">{cellTitle(p)}</Fact>
        <Fact label="Supervisor">{supervisorName(p)}</Fact>
        <Fact label="Term">{p.term.name}</Fact>
        <Fact label="Submitted by">{p.createdBy?.name || MSG.unknown}</Fact>
        <Fact label="Submitted">{when(p.createdAt, zone)}</Fact>
        {p.reviewDueAt && <Fact label="Review due">{when(p.reviewDueAt, zone)}</Fact>}
        {p.reviewedAt && <Fact label="Reviewed">{when(p.reviewedAt, zone)}</Fact>}
        {p.version > 0 && <Fact label="Version">{p.version}</Fact>}
      </SimpleGrid>
    </Section>
  );
}

/** The supervisor's and the committee's feedback, each when there is some. */
export function ProposalFeedback({ proposal: p, zone }: { proposal: Proposal; zone: string }) {
  const items = [
    p.feedback && {
      title: "Supervisor's feedback",
      text: p.feedback,
      by: p.reviewedBy?.name ?? supervisorName(p),
      at: p.reviewedAt,
    },
    p.committeeFeedback && {
      title: "Committee's feedback",
      text: p.committeeFeedback,
      by: p.committeeDecidedBy?.name ?? "The committee",
      at: p.committeeDecidedAt,
    },
  ].filter((x) => !!x);
  if (!items.length) return null;
  const color = p.status === "Approved" ? "green" : p.status === "Denied" ? "red" : "yellow";
  return (
    <>
      {items.map((f) => (
        <Section key={f.title} title={f.title}>
          <Blockquote
            color={color}
            p="sm"
            pl="md"
            m={0}
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            cite={`— ${f.by}${f.at ? `, ${formatInZone(f.at, zone)}` : ""}`}
          >
            {f.text}
          </Blockquote>
        </Section>
      ))}
    </>
  );
}
