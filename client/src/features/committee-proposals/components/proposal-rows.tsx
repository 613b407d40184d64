import { ColumnsTable } from "@client/components/columns-table";
import { CardList, Field } from "@client/components/list-parts";
import { OverdueBadge } from "@client/components/overdue-badge";
import { StatusBadge } from "@client/components/status-badge";
import { useBackHere } from "@client/lib/back";
import { DateText } from "@client/lib/dates";
import { cellTitle, supervisorName } from "@client/lib/proposal-format";
import { Anchor, Box, Group, Paper, SimpleGrid, Text } from "@mantine/core";
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

/** After the title and the status, in the table and on the cards. */
const COLUMNS: { label: string; text: (p: ProposalSummary) => ReactNode; maw?: number; nowrap?: boolean }[] =
  [
    { label: "Research cell", text: cellTitle },
    { label: "Supervisor", text: supervisorName },
    { label: "Group", text: groupText, maw: 260 },
    { label: "Submitted", text: (p) => <DateText iso={p.createdAt} />, nowrap: true },
  ];

function TitleCell({ p, showTerm }: { p: ProposalSummary; showTerm: boolean }) {
  const back = useBackHere();
  return (
    <>
      <Anchor
        component={Link}
        to={proposalPath(p.id)}
        state={back}
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
      <StatusBadge status={p.status} />
      <OverdueBadge proposal={p} />
    </Group>
  );
}

interface RowsProps {
  items: ProposalSummary[];
  /** Name each proposal's term (when the list is of every term). */
  showTerm: boolean;
  /** The next page is on its way. */
  busy: boolean;
}

/** The proposals as a table (desktop): title linked to its page, status, cell, supervisor, group, submitted. */
export function ProposalTable({ items, showTerm, busy }: RowsProps) {
  return (
    <ColumnsTable
      minWidth={960}
      verticalSpacing="sm"
      horizontalSpacing="md"
      striped
      highlightOnHover
      aria-busy={busy}
      aria-label="Proposals"
      rows={items}
      columns={[
        {
          key: "title",
          label: "Title",
          td: { miw: 240, maw: 320 },
          cell: (p) => <TitleCell p={p} showTerm={showTerm} />,
        },
        { key: "status", label: "Status", cell: (p) => <Status p={p} /> },
        ...COLUMNS.map((c) => ({
          key: c.label,
          label: c.label,
          td: { maw: c.maw },
          cell: (p: ProposalSummary) => (
            <Text size="sm" style={c.nowrap ? { whiteSpace: "nowrap" } : undefined}>
              {c.text(p)}
            </Text>
          ),
        })),
      ]}
    />
  );
}

/** The same proposals as cards (below md): nothing off screen. */
export function ProposalCards({ items, showTerm, busy }: RowsProps) {
  return (
    <CardList gap="sm" aria-label="Proposals" aria-busy={busy}>
      {items.map((p) => (
        <Paper component="li" key={p.id} withBorder radius="md" p="sm" aria-label={p.title}>
          <TitleCell p={p} showTerm={showTerm} />
          <Box mt={6}>
            <Status p={p} />
          </Box>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
            {COLUMNS.map((c) => (
              <Field key={c.label} label={c.label}>
                {c.text(p)}
              </Field>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </CardList>
  );
}
