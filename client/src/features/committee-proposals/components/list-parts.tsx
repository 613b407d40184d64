import { Group, type GroupProps, Pagination, Stack, type StackProps, Text } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import type { ReactNode } from "react";

/** The pages of a list the server counts: a page may start at most at the count's limit. */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(Math.min(total, LIMITS.listCountMax) / pageSize));

/** A list of cards (each a `li`), named by `aria-label`, with no bullets or indent. */
export function CardList({
  children,
  ...props
}: StackProps & { "aria-label": string; "aria-busy"?: boolean }) {
  return (
    <Stack component="ul" m={0} p={0} style={{ listStyle: "none" }} {...props}>
      {children}
    </Stack>
  );
}

/** A labelled value on a card: the label small and above it. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** Under a list: what it shows (announced as it changes) and, past one page, the pages. */
export function ListFooter({
  status,
  page,
  pages,
  onPage,
  ...props
}: GroupProps & { status: ReactNode; page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <Group justify="space-between" wrap="wrap" {...props}>
      <Text size="sm" c="dimmed" role="status">
        {status}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ "aria-label": `${control} page` })}
          getItemProps={(n) => ({ "aria-label": `Page ${n}` })}
        />
      )}
    </Group>
  );
}
