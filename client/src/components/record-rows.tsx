import { useBackHere } from "@client/lib/back";
import { Anchor, Box, Paper, SimpleGrid, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ColumnsTable } from "./columns-table";
import { CardList, Field } from "./list-parts";

/** A record's title in a list, a link to its page; Back there returns to the list. */
export function TitleLink({ to, children }: { to: string; children: ReactNode }) {
  const back = useBackHere();
  return (
    <Anchor component={Link} to={to} state={back} fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
      {children}
    </Anchor>
  );
}

/** A column after a list's title and status, in its table and on its cards. */
export interface TextColumn<T> {
  label: string;
  text: (row: T) => ReactNode;
  maw?: number;
  nowrap?: boolean;
}

/** What a list's table and its cards show of each record: its title, its status and the columns. */
export interface RowsProps<T> {
  items: T[];
  /** The next page is on its way. */
  busy: boolean;
  /** The list's name ("Proposals"). */
  name: string;
  /** A card's name: the record's title. */
  rowName: (row: T) => string;
  title: (row: T) => ReactNode;
  status: { key: string; label: string; cell: (row: T) => ReactNode };
  columns: TextColumn<T>[];
}

/** The records as a table (desktop); `blockText` where a column's text holds more than a line of text. */
export function RowsTable<T extends { id: string }>({
  items,
  busy,
  name,
  title,
  status,
  columns,
  minWidth,
  blockText = false,
}: RowsProps<T> & { minWidth: number; blockText?: boolean }) {
  return (
    <ColumnsTable
      minWidth={minWidth}
      verticalSpacing="sm"
      horizontalSpacing="md"
      striped
      highlightOnHover
      aria-busy={busy}
      aria-label={name}
      rows={items}
      columns={[
        { key: "title", label: "Title", td: { miw: 240, maw: 320 }, cell: title },
        status,
        ...columns.map((c) => ({
          key: c.label,
          label: c.label,
          td: { maw: c.maw },
          cell: (row: T) => (
            <Text
              size="sm"
              component={blockText ? "div" : undefined}
              style={c.nowrap ? { whiteSpace: "nowrap" } : undefined}
            >
              {c.text(row)}
            </Text>
          ),
        })),
      ]}
    />
  );
}

/** The same records as cards (below md): nothing off screen. */
export function RowsCards<T extends { id: string }>({
  items,
  busy,
  name,
  rowName,
  title,
  status,
  columns,
}: RowsProps<T>) {
  return (
    <CardList gap="sm" aria-label={name} aria-busy={busy}>
      {items.map((row) => (
        <Paper component="li" key={row.id} withBorder radius="md" p="sm" aria-label={rowName(row)}>
          {title(row)}
          <Box mt={6}>{status.cell(row)}</Box>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
            {columns.map((c) => (
              <Field key={c.label} label={c.label}>
                {c.text(row)}
              </Field>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </CardList>
  );
}
