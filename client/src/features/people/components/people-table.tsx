import { DownloadButton } from "@client/components/download-button";
import { EmptyState } from "@client/components/empty-state";
import { CardList, ListFooter } from "@client/components/list-parts";
import { QueryError } from "@client/components/load-error";
import { UserAvatar } from "@client/components/user-avatar";
import { withQuery } from "@client/lib/api";
import { useNarrow } from "@client/lib/use-narrow";
import { Badge, Box, Group, Loader, Paper, Skeleton, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { Role } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import type { Person, SortOrder, UserSort } from "@shared/schemas/users";
import { IconSearch, IconUsers } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { usePeople } from "../api/use-people";
import { SortHeader, SortSelect } from "./sort-header";
import { useListParams } from "./use-list-params";

/** What a search of this role's list looks in: students have student IDs, nobody else does. */
const searchFields = (role: Role) => (role === "student" ? "name, email or student ID" : "name or email");

export interface PeopleColumn {
  key: string;
  label: string;
  /** Columns the server sorts by have a clickable header (and a "Sort by" choice on cards). */
  sort?: UserSort;
  render: (person: Person) => ReactNode;
  width?: number | string;
  /** Minimum width of the column's cells. */
  minWidth?: number;
}

export const PAGE_SIZE = LIMITS.pageSizeDefault;

/** The person's avatar and name, the first column of every people list; "Inactive" when deactivated. */
export const nameColumn: PeopleColumn = {
  key: "name",
  label: "Name",
  sort: "name",
  render: (p) => (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar name={p.name} src={p.pictureUrl} size={30} />
      <Text size="sm" fw={500} c={p.deactivatedAt ? "dimmed" : undefined}>
        {p.name}
      </Text>
      {p.deactivatedAt && (
        <Badge color="gray" variant="light" size="sm" title="Deactivated: cannot sign in">
          Inactive
        </Badge>
      )}
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
  const narrow = useNarrow();
  const fields = searchFields(role);
  const sortKeys = columns.flatMap((c) => (c.sort ? [{ column: c.sort, label: c.label }] : []));
  const onSort = (sort: UserSort, order: SortOrder) => setParams({ sort, order, page: 1 });

  return (
    <Paper withBorder radius="md">
      <Group p="md" justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Search"
          placeholder={`Search by ${fields}`}
          leftSection={<IconSearch size={16} />}
          rightSection={list.isFetching && !list.isPending ? <Loader size={14} /> : null}
          value={search}
          maxLength={LIMITS.searchMax}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: "100%", sm: 340 }}
        />
        <Group gap="sm" align="flex-end" w={narrow ? "100%" : undefined}>
          {narrow && sortKeys.length > 0 && (
            <SortSelect keys={sortKeys} sort={params.sort} order={params.order} onSort={onSort} />
          )}
          {toolbar}
          <DownloadButton href={withQuery("/api/exports/users.csv", { role, q: params.q })} />
        </Group>
      </Group>

      {list.isError && !list.data ? (
        <Box m="md">
          <QueryError title={`The ${noun} could not be loaded.`} query={list} />
        </Box>
      ) : narrow ? (
        <PeopleCards
          columns={columns}
          items={items}
          loading={list.isPending}
          busy={list.isFetching}
          noun={noun}
        />
      ) : (
        <Table.ScrollContainer minWidth={680}>
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
                      sortKey={{ column: c.sort, label: c.label }}
                      sort={params.sort}
                      order={params.order}
                      onSort={onSort}
                    />
                  ) : (
                    <Table.Th key={c.key} w={c.width}>
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
          description={params.q ? `Try another ${fields}.` : undefined}
        />
      )}

      {total > 0 && (
        <ListFooter
          plain
          p="md"
          status={
            <>
              Showing {from.toLocaleString("en")}–{to.toLocaleString("en")} of {total.toLocaleString("en")}
              {capped ? "+" : ""} {noun}
              {capped ? ` — type more of the ${fields} to narrow the search` : ""}
            </>
          }
          page={params.page}
          pages={pages}
          onPage={(page) => setParams({ page })}
        />
      )}
    </Paper>
  );
}

/**
 * The same rows as cards, for narrow screens: the first column (the person) heads each card and
 * every other column follows under its own label, so nothing, the cell assignment least of all,
 * is off screen.
 */
function PeopleCards({
  columns,
  items,
  loading,
  busy,
  noun,
}: {
  columns: PeopleColumn[];
  items: Person[];
  loading: boolean;
  busy: boolean;
  noun: string;
}) {
  const [head, ...rest] = columns;
  if (loading)
    return (
      <Stack gap="sm" px="md" pb="md" aria-busy>
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} height={88} radius="md" />
        ))}
      </Stack>
    );
  if (!items.length) return null;
  return (
    <CardList gap="sm" px="md" pb="md" aria-label={noun[0].toUpperCase() + noun.slice(1)} aria-busy={busy}>
      {items.map((p) => (
        <Paper component="li" key={p.id} withBorder radius="md" p="sm" aria-label={p.name}>
          {head.render(p)}
          {rest.map((c) => (
            <Box key={c.key} mt="xs">
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {c.label}
              </Text>
              {c.render(p)}
            </Box>
          ))}
        </Paper>
      ))}
    </CardList>
  );
}
