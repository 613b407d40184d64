import { Group, Table, Text, UnstyledButton } from "@mantine/core";
import type { SortOrder, UserSort } from "@shared/schemas/users";
import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { Fragment } from "react";

export interface SortKey {
  column: UserSort;
  label: string;
}

/**
 * A column header that sorts the list on the server; a second click reverses the order. A
 * header over two stacked values (a name above an email) offers a button for each.
 */
export function SortHeader({
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
  const activeKey = keys.find((k) => k.column === sort);
  return (
    <Table.Th aria-sort={activeKey ? (order === "asc" ? "ascending" : "descending") : "none"}>
      <Group gap={6} wrap="nowrap">
        {keys.map((k, i) => {
          const active = k.column === sort;
          const Icon = !active ? IconArrowsSort : order === "asc" ? IconSortAscending : IconSortDescending;
          return (
            <Fragment key={k.column}>
              {i > 0 && (
                <Text span c="dimmed" aria-hidden>
                  ·
                </Text>
              )}
              <UnstyledButton
                onClick={() => onSort(k.column, active && order === "asc" ? "desc" : "asc")}
                fw={600}
                fz="sm"
              >
                <Group gap={4} wrap="nowrap">
                  {k.label}
                  <Icon size={14} stroke={1.6} aria-hidden opacity={active ? 1 : 0.45} />
                </Group>
              </UnstyledButton>
            </Fragment>
          );
        })}
      </Group>
    </Table.Th>
  );
}
