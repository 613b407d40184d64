import { DownloadButton } from "@client/components/download-button";
import { EmptyState } from "@client/components/empty-state";
import { LoadError } from "@client/components/load-error";
import { UserAvatar } from "@client/components/user-avatar";
import { withQuery } from "@client/lib/api";
import { Box, Group, Loader, Pagination, Paper, Skeleton, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { Role } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import type { Person, UserSort } from "@shared/schemas/users";
import { IconSearch, IconUsers } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { usePeople } from "../api/use-people";
import { SortHeader, type SortKey } from "./sort-header";
import { useListParams } from "./use-list-params";

export interface PeopleColumn {
  key: string;
  label: string;
  /** Columns the server sorts by have a clickable header. */
  sort?: UserSort;
  /** A second sort offered in the same header (for a column showing two values). */
  alsoSort?: SortKey;
  render: (person: Person) => ReactNode;
  width?: number | string;
  /** Minimum width of the column's cells. */
  minWidth?: number;
  /** The header's id, when the header is the visible label of an input in each row. */
  headerId?: string;
}

export const PAGE_SIZE = LIMITS.pageSizeDefault;

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/** The person's avatar and name, the first column of every people list. */
export const nameColumn: PeopleColumn = {
  key: "name",
  label: "Name",
  sort: "name",
  render: (p) => (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar name={p.name} src={p.pictureUrl} size={30} />
      <Text size="sm" fw={500}>
        {p.name}
      </Text>
    </Group>
  ),
};
/** Name with the email beneath: for lists that need the width for other columns. */
export const nameAndEmailColumn: PeopleColumn = {
  key: "name",
  label: "Name",
  sort: "name",
  alsoSort: { column: "email", label: "Email" },
  render: (p) => (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar name={p.name} src={p.pictureUrl} size={32} />
      <div>
        <Text size="sm" fw={500}>
          {p.name}
        </Text>
        <Text size="xs" c="dimmed">
          {p.email}
        </Text>
      </div>
    </Group>
  ),
};
export const emailColumn: PeopleColumn = {
  key: "email",
  label: "Email",
  sort: "email",
  render: (p) => (
    <Text size="sm" c="dimmed">
      {p.email}
    </Text>
  ),
};

/**
 * A server-side paged, searchable and sortable list of the people of one role. Only one
 * page of rows is ever in the browser.
 */
export function PeopleTable({
  userRole: role,
  columns,
  noun,
  toolbar,
}: {
  userRole: Role;
  columns: PeopleColumn[];
  /** Plural, for the empty and count texts: "students", "teachers". */
  noun: string;
  toolbar?: ReactNode;
}) {
  const [params, setParams] = useListParams();
  const [search, setSearch] = useState(params.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Only what was typed moves the address; a back button that changes q is not undone.
  const pushed = useRef(params.q);
  useEffect(() => {
    if (debounced === pushed.current) return;
    pushed.current = debounced;
    setParams({ q: debounced, page: 1 });
  }, [debounced, setParams]);

  const list = usePeople({ role, pageSize: PAGE_SIZE, ...params });
  const total = list.data?.total ?? 0;
  // A broad search is counted only up to a limit (the server says so): "500+", pages up to it.
  const capped = list.data?.capped ?? false;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A search that shrinks the list can leave the page past the end: step back to the last one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && params.page > pages) setParams({ page: pages });
  }, [list.data, list.isPlaceholderData, params.page, pages, setParams]);

  const items = list.data?.items ?? [];
  const from = total ? (params.page - 1) * PAGE_SIZE + 1 : 0;
  const to = Math.min(total, params.page * PAGE_SIZE);

  return (
    <Paper withBorder radius="md">
      <Group p="md" justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Search"
          placeholder="Name, email or student ID"
          leftSection={<IconSearch size={16} />}
          rightSection={list.isFetching && !list.isPending ? <Loader size={14} /> : null}
          value={search}
          maxLength={LIMITS.searchMax}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: "100%", sm: 340 }}
        />
        <Group gap="sm">
          {toolbar}
          <DownloadButton href={withQuery("/api/exports/users.csv", { role, q: params.q })} />
        </Group>
      </Group>

      {list.isError && !list.data ? (
        <Box m="md">
          <LoadError
            title={`The ${noun} could not be loaded.`}
            message={list.error.message}
            onRetry={() => void list.refetch()}
          />
        </Box>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            horizontalSpacing="md"
            aria-busy={list.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) =>
                  c.sort ? (
                    <SortHeader
                      key={c.key}
                      keys={[{ column: c.sort, label: c.label }, ...(c.alsoSort ? [c.alsoSort] : [])]}
                      sort={params.sort}
                      order={params.order}
                      onSort={(sort, order) => setParams({ sort, order, page: 1 })}
                    />
                  ) : (
                    <Table.Th key={c.key} w={c.width} id={c.headerId}>
                      {c.label}
                    </Table.Th>
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending
                ? Array.from({ length: 5 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                    <Table.Tr key={i} aria-hidden>
                      {columns.map((c) => (
                        <Table.Td key={c.key}>
                          <Skeleton height={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : items.map((p) => (
                    <Table.Tr key={p.id}>
                      {columns.map((c) => (
                        <Table.Td key={c.key} miw={c.minWidth}>
                          {c.render(p)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {!list.isPending && !list.isError && items.length === 0 && (
        <EmptyState
          framed={false}
          icon={IconUsers}
          title={params.q ? `No ${noun} match “${params.q}”.` : `No ${noun} yet.`}
          description={params.q ? "Try another name, email or student ID." : undefined}
        />
      )}

      {total > 0 && (
        <Group p="md" justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            Showing {from.toLocaleString("en")}–{to.toLocaleString("en")} of {total.toLocaleString("en")}
            {capped ? "+" : ""} {noun}
            {capped ? " — type more of the name, email or student ID to narrow the search" : ""}
          </Text>
          <Pagination
            total={pages}
            value={Math.min(params.page, pages)}
            onChange={(page) => setParams({ page })}
            size="sm"
            getControlProps={(control) => ({ "aria-label": `${control} page` })}
          />
        </Group>
      )}
    </Paper>
  );
}
