import { ColumnsTable } from "@client/components/columns-table";
import { OverdueBadge } from "@client/components/overdue-badge";
import { useBackHere } from "@client/lib/back";
import { Anchor, Group, Paper, type TableProps, Text } from "@mantine/core";
import type { ProposalSummary } from "@shared/schemas/proposals";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The title, opening the proposal's page (its versions, the word diff, the timeline). */
export function ProposalTitle({
  proposal: p,
  clamp = false,
}: {
  proposal: ProposalSummary;
  clamp?: boolean;
}) {
  const back = useBackHere();
  return (
    <Text
      fw={600}
      size="sm"
      lineClamp={clamp ? 2 : undefined}
      style={clamp ? undefined : { overflowWrap: "anywhere" }}
    >
      <Anchor component={Link} to={`/supervisor/proposals/${p.id}`} state={back} inherit>
        {p.title}
      </Anchor>
    </Text>
  );
}

/** A proposal to review as a card (narrow screens): its title and overdue badge, then `children`. */
export function ReviewCard({ proposal: p, children }: { proposal: ProposalSummary; children: ReactNode }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={p.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <ProposalTitle proposal={p} />
        <OverdueBadge proposal={p} size="sm" />
      </Group>
      {children}
    </Paper>
  );
}

export interface ReviewColumn {
  label: string;
  /** The cell's content; `Text` of the table's size unless `bare`. */
  cell: (p: ProposalSummary) => ReactNode;
  bare?: boolean;
  maw?: number;
}

/**
 * The supervisor's proposals as a table (wide screens): the title, clamped, with `under` it what
 * identifies the proposal, then the columns.
 */
export function ReviewTable({
  label,
  items,
  titleWidth,
  under,
  columns,
  ...props
}: TableProps & {
  label: string;
  items: ProposalSummary[];
  titleWidth: number;
  under: (p: ProposalSummary) => ReactNode;
  columns: ReviewColumn[];
}) {
  return (
    <Paper withBorder>
      <ColumnsTable
        minWidth={760}
        verticalSpacing="sm"
        aria-label={label}
        {...props}
        rows={items}
        columns={[
          {
            key: "title",
            label: "Title",
            td: { maw: titleWidth },
            cell: (p) => (
              <>
                <ProposalTitle proposal={p} clamp />
                {under(p)}
              </>
            ),
          },
          ...columns.map((c) => ({
            key: c.label,
            label: c.label,
            td: { maw: c.maw },
            cell: (p: ProposalSummary) => (c.bare ? c.cell(p) : <Text size="sm">{c.cell(p)}</Text>),
          })),
        ]}
      />
    </Paper>
  );
}
