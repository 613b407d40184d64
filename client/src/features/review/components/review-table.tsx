import { Anchor, Paper, Table, type TableProps, Text } from "@mantine/core";
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
  return (
    <Text
      fw={600}
      size="sm"
      lineClamp={clamp ? 2 : undefined}
      style={clamp ? undefined : { overflowWrap: "anywhere" }}
    >
      <Anchor component={Link} to={`/supervisor/proposals/${p.id}`} inherit>
        {p.title}
      </Anchor>
    </Text>
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
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" aria-label={label} {...props}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.label}>{c.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td maw={titleWidth}>
                  <ProposalTitle proposal={p} clamp />
                  {under(p)}
                </Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.label} maw={c.maw}>
                    {c.bare ? c.cell(p) : <Text size="sm">{c.cell(p)}</Text>}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
