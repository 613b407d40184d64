import { Paper, Skeleton } from "@mantine/core";
import type { ComponentProps, ReactNode } from "react";
import { ColumnsTable, type TableColumn } from "./columns-table";
import { EmptyState, type Icon } from "./empty-state";
import { QueryError } from "./load-error";

/**
 * A table of the few records a screen lists at once (rooms, research cells): the failure with
 * Retry while nothing is shown, the empty state once the list is known to be empty, otherwise the
 * table in its frame (placeholder rows while it loads), then `children` (the edit dialog).
 */
export function RecordsTable<T extends { id: string }>({
  query,
  failed,
  empty,
  columns,
  children,
  ...table
}: Omit<ComponentProps<typeof ColumnsTable>, "rows" | "columns" | "loading"> & {
  query: {
    data?: { items: T[] };
    isError: boolean;
    isPending: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  failed: string;
  empty: { icon: Icon; title: string; description: string };
  columns: TableColumn<T>[];
  children?: ReactNode;
}) {
  if (query.isError && !query.data) return <QueryError title={failed} query={query} />;
  const items = query.data?.items ?? [];
  if (query.data && !items.length) return <EmptyState {...empty} />;
  return (
    <Paper withBorder radius="md">
      <ColumnsTable
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="md"
        {...table}
        rows={items}
        columns={columns}
        loading={query.isPending ? { rows: 3, placeholder: <Skeleton height={14} /> } : undefined}
      />
      {children}
    </Paper>
  );
}
