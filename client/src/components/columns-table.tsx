import { type MantineStyleProps, Table, type TableProps } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";

/** What a heading or a cell may set: alignment, widths, weight, size. */
type CellProps = MantineStyleProps & { style?: CSSProperties };

export interface TableColumn<T> {
  key: string;
  /** The heading (a VisuallyHidden one for a column of actions). */
  label: ReactNode;
  cell: (row: T) => ReactNode;
  /** The heading's props and each cell's (alignment, widths, weight). */
  th?: CellProps;
  td?: CellProps;
  /** The row's own header (`th scope="row"`): what names the row. */
  rowHeader?: boolean;
}

/**
 * A table from its columns, scrolling sideways below `minWidth` (the wide screens' form of a list;
 * narrow screens show cards). While `loading`, that many hidden placeholder rows of `placeholder`.
 */
export function ColumnsTable<T extends { id: string }>({
  rows,
  columns,
  minWidth,
  loading,
  ...props
}: TableProps & {
  rows: T[];
  columns: TableColumn<T>[];
  minWidth: number;
  loading?: { rows: number; placeholder: ReactNode };
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...props}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} {...c.th}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: loading.rows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <Table.Tr key={i} aria-hidden>
                  {columns.map((c) => (
                    <Table.Td key={c.key}>{loading.placeholder}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((r) => (
                <Table.Tr key={r.id}>
                  {columns.map((c) =>
                    c.rowHeader ? (
                      <Table.Th key={c.key} scope="row" {...c.td}>
                        {c.cell(r)}
                      </Table.Th>
                    ) : (
                      <Table.Td key={c.key} {...c.td}>
                        {c.cell(r)}
                      </Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
