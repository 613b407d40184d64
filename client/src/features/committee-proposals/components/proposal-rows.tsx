import { OverdueBadge } from "@client/components/overdue-badge";
import { RowsCards, RowsTable, type TextColumn, TitleLink } from "@client/components/record-rows";
import { StatusBadge } from "@client/components/status-badge";
import { DateText } from "@client/lib/dates";
import { cellTitle, supervisorName } from "@client/lib/proposal-format";
import { Group, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";

export const proposalPath = (id: string) => `/committee/proposals/${id}`;

/** The group, creator first; a student still to answer their invitation is marked. */
export const groupText = (p: ProposalSummary) =>
  [...p.members]
    .sort((a, b) => a.position - b.position)
    .map((m) => `${m.name || MSG.unknown}${m.state === "invited" ? " (invited)" : ""}`)
    .join(", ") || MSG.notAvailable;

/** After the title and the status, in the table and on the cards. */
const COLUMNS: TextColumn<ProposalSummary>[] = [
  { label: "Research cell", text: cellTitle },
  { label: "Supervisor", text: supervisorName },
  { label: "Group", text: groupText, maw: 260 },
  { label: "Submitted", text: (p) => <DateText iso={p.createdAt} />, nowrap: true },
];

function TitleCell({ p, showTerm }: { p: ProposalSummary; showTerm: boolean }) {
  return (
    <>
      <TitleLink to={proposalPath(p.id)}>{p.title}</TitleLink>
      <Text size="xs" c="dimmed">
        {p.type}
        {showTerm && ` · ${p.term.name}`}
      </Text>
    </>
  );
}

interface RowsProps {
  items: ProposalSummary[];
  /** Name each proposal's term (when the list is of every term). */
  showTerm: boolean;
  /** The next page is on its way. */
  busy: boolean;
}

const rows = ({ items, showTerm, busy }: RowsProps) => ({
  items,
  busy,
  name: "Proposals",
  rowName: (p: ProposalSummary) => p.title,
  title: (p: ProposalSummary) => <TitleCell p={p} showTerm={showTerm} />,
  status: {
    key: "status",
    label: "Status",
    cell: (p: ProposalSummary) => (
      <Group gap={6} wrap="wrap">
        <StatusBadge status={p.status} />
        <OverdueBadge proposal={p} />
      </Group>
    ),
  },
  columns: COLUMNS,
});

/** The proposals as a table (desktop): title linked to its page, status, cell, supervisor, group, submitted. */
export const ProposalTable = (props: RowsProps) => <RowsTable minWidth={960} {...rows(props)} />;

/** The same proposals as cards (below md): nothing off screen. */
export const ProposalCards = (props: RowsProps) => <RowsCards {...rows(props)} />;
