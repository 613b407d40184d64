import { Group, Select, Table, UnstyledButton } from "@mantine/core";
import type { SortOrder, UserSort } from "@shared/schemas/users";
import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";

export interface SortKey {
  column: UserSort;
  label: string;
}

/** A column header that sorts the list on the server; a second click reverses the order. */
export function SortHeader({
  sortKey,
  sort,
  order,
  onSort,
}: {
  sortKey: SortKey;
  sort: UserSort;
  order: SortOrder;
  onSort: (sort: UserSort, order: SortOrder) => void;
}) {
  const active = sortKey.column === sort;
  const Icon = !active ? IconArrowsSort : order === "asc" ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}>
      <UnstyledButton
        onClick={() => onSort(sortKey.column, active && order === "asc" ? "desc" : "asc")}
        fw={600}
        fz="sm"
      >
        <Group gap={4} wrap="nowrap">
          {sortKey.label}
          <Icon size={14} stroke={1.6} aria-hidden opacity={active ? 1 : 0.45} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

const ORDER_WORDS = (column: UserSort): Record<SortOrder, string> =>
  column === "createdAt" ? { asc: "oldest first", desc: "newest first" } : { asc: "A to Z", desc: "Z to A" };

/** The same sorts as the headers, as one "Sort by" choice: for the cards, which have no header. */
export function SortSelect({
  keys,
  sort,
  order,
  onSort,
}: {
  keys: SortKey[];
  sort: UserSort;
  order: SortOrder;
  onSort: (sort: UserSort, order: SortOrder) => void;
}) {
  const data = keys.flatMap((k) =>
    (["asc", "desc"] as const).map((o) => ({
      value: `${k.column}:${o}`,
      label: `${k.label}, ${ORDER_WORDS(k.column)[o]}`,
    })),
  );
  return (
    <Select
      label="Sort by"
      data={data}
      value={`${sort}:${order}`}
      onChange={(v) => {
        if (!v) return;
        const [column, o] = v.split(":") as [UserSort, SortOrder];
        onSort(column, o);
      }}
      allowDeselect={false}
      w={{ base: "100%", xs: 240 }}
    />
  );
}
