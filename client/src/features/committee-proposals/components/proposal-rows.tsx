import { OverdueBadge } from "@client/components/overdue-badge";
import { StatusBadge } from "@client/components/status-badge";
import { cellTitle, formatDate, supervisorName } from "@client/lib/proposal-format";
import { Anchor, Box, Group, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";
import type { ReactNode } from "react";
import { Link } from "react-router";

export const proposalPath = (id: string) => `/committee/proposals/${id}`;

/** The group, creator first; a student still to answer their invitation is marked. */
export const groupText = (p: ProposalSummary) =>
  [...p.members]
    .sort((a, b) => a.position - b.position)
    .map((m) => `${m.name || MSG.unknown}${m.state === "invited" ? " (invited)" : ""}`)
    .join(", ") || MSG.notAvailable;

function TitleCell({ p, showTerm }: { p: ProposalSummary; showTerm: boolean }) {
  return (
    <>
      <Anchor
        component={Link}
        to={proposalPath(p.id)}
        fw={600}
        size="sm"
        style={{ overflowWrap: "anywhere" }}
      >
        {p.title}
      </Anchor>
      <Text size="xs" c="dimmed">
        {p.type}
        {showTerm && ` · ${p.term.name}`}
      </Text>
    </>
  );
}

function Status({ p }: { p: ProposalSummary }) {
  return (
    <Group gap={6} wrap="wrap">
      <StatusBadge status={p.status} miw="max-content" />
      <OverdueBadge proposal={p} />
    </Group>
  );
}

/** The proposals as a table (desktop): title linked to its page, status, cell, supervisor, group, submitted. */
export function ProposalTable({
  items,
  showTerm,
  busy,
}: {
  items: ProposalSummary[];
  showTerm: boolean;
  busy: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        striped
        highlightOnHover
        aria-busy={busy}
        aria-label="Proposals"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Research cell</Table.Th>
            <Table.Th>Supervisor</Table.Th>
            <Table.Th>Group</Table.Th>
            <Table.Th>Submitted</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td miw={240} maw={320}>
                <TitleCell p={p} showTerm={showTerm} />
              </Table.Td>
              <Table.Td>
                <Status p={p} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{cellTitle(p)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{supervisorName(p)}</Text>
              </Table.Td>
              <Table.Td maw={260}>
                <Text size="sm">{groupText(p)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {formatDate(p.createdAt)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** The same proposals as cards (below md): nothing off screen. */
export function ProposalCards({
  items,
  showTerm,
  busy,
}: {
  items: ProposalSummary[];
  showTerm: boolean;
  busy: boolean;
}) {
  return (
    <Stack
      component="ul"
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: "none" }}
      aria-label="Proposals"
      aria-busy={busy}
    >
      {items.map((p) => (
        <Paper component="li" key={p.id} withBorder radius="md" p="sm" aria-label={p.title}>
          <TitleCell p={p} showTerm={showTerm} />
          <Box mt={6}>
            <Status p={p} />
          </Box>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
            <Field label="Research cell">{cellTitle(p)}</Field>
            <Field label="Supervisor">{supervisorName(p)}</Field>
            <Field label="Group">{groupText(p)}</Field>
            <Field label="Submitted">{formatDate(p.createdAt)}</Field>
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
