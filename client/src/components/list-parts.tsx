import { showingText } from "@client/lib/count";
import {
  Box,
  Group,
  type GroupProps,
  Pagination,
  SimpleGrid,
  type SimpleGridProps,
  Skeleton,
  Stack,
  type StackProps,
  Text,
} from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { type ReactNode, useEffect } from "react";
import { EmptyState, type Icon } from "./empty-state";
import { QueryError } from "./load-error";

/** The pages of a list the server counts: a page may start at most at the count's limit. */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(Math.min(total, LIMITS.listCountMax) / pageSize));

/**
 * A page of a list the server counts and pages: its items, the count (`capped` past the server's
 * limit, "1,000+") and the pages. Filters that shrink the list can leave the page shown past its
 * end: it then steps back to the last page (`toPage`).
 */
export function usePaged<T>(
  list: {
    data?: { items: T[]; total: number; capped?: boolean };
    isPlaceholderData: boolean;
  },
  page: number,
  pageSize: number,
  toPage: (change: { page: number }) => void,
) {
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  const known = !!list.data && !list.isPlaceholderData;
  useEffect(() => {
    if (known && page > pages) toPage({ page: pages });
  }, [known, page, pages, toPage]);
  return { items: list.data?.items ?? [], total, capped: list.data?.capped ?? false, pages };
}

/**
 * A list of cards or rows (each a `li`), with no bullets or indent; `ordered` where the order
 * means something (a timeline, versions, a ranking). Named by `aria-label` or `aria-labelledby`.
 */
export function CardList({
  ordered = false,
  children,
  ...props
}: StackProps & {
  ordered?: boolean;
  "aria-label"?: string;
  "aria-labelledby"?: string;
  "aria-busy"?: boolean;
}) {
  return (
    <Stack component={ordered ? "ol" : "ul"} m={0} p={0} style={{ listStyle: "none" }} {...props}>
      {children}
    </Stack>
  );
}

/** CardList in a grid of `cols` columns (the topics' cards, the groups board's counts), named the same way. */
export function CardGrid({
  children,
  ...props
}: SimpleGridProps & { "aria-label"?: string; "aria-busy"?: boolean }) {
  return (
    <SimpleGrid component="ul" m={0} p={0} style={{ listStyle: "none" }} {...props}>
      {children}
    </SimpleGrid>
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

/**
 * Under a list: what it shows and the pages. The count is announced as it changes, each page is
 * named ("Page 2") and the pages show only past one; `plain` lists (people, topics, the
 * allocation's groups) keep their first form: the count not announced, the pages numbered only and
 * shown even when there is one.
 */
export function ListFooter({
  status,
  page,
  pages,
  onPage,
  plain = false,
  ...props
}: GroupProps & {
  status: ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  plain?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="wrap" {...props}>
      <Text size="sm" c="dimmed" role={plain ? undefined : "status"}>
        {status}
      </Text>
      {(plain || pages > 1) && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ "aria-label": `${control} page` })}
          getItemProps={plain ? undefined : (n) => ({ "aria-label": `Page ${n}` })}
        />
      )}
    </Group>
  );
}

/**
 * Under a page of a list the server counts (usePaged's `total`, `capped` and `pages`): "Showing
 * 21–40 of 1,000+ proposals" (showingText, `of` naming the rows) and the pages; nothing while the
 * list is empty.
 */
export function PagedFooter({
  list,
  page,
  pageSize,
  of,
  onPage,
  narrowHint,
}: {
  list: { total: number; capped: boolean; pages: number };
  page: number;
  pageSize: number;
  of: [one: string, many: string];
  onPage: (page: number) => void;
  narrowHint?: boolean;
}) {
  if (list.total === 0) return null;
  return (
    <ListFooter
      p="md"
      page={page}
      pages={list.pages}
      onPage={onPage}
      status={showingText({ page, pageSize, total: list.total, capped: list.capped }, of, narrowHint)}
    />
  );
}

/** What an empty filtered list says: its icon, and a title and what to do, when filters find nothing and when there is nothing yet. */
export interface EmptyWords {
  icon: Icon;
  filtered: readonly [title: string, description: string];
  none: readonly [title: string, description: string];
}

/**
 * A filtered list's body, whatever its state: the failure with Retry (while nothing is shown yet),
 * placeholders while the first page loads (a card's height on a phone, `rowHeight` in a table),
 * the empty state in `words` (by whether filters are on), or the rows: `cards` on a phone, else
 * `table`.
 */
export function ListState({
  query,
  failed,
  loading,
  narrow,
  rowHeight,
  empty,
  words,
  filtered,
  cards,
  table,
}: {
  query: { isError: boolean; isPending: boolean; data: unknown; error: Error | null; refetch: () => unknown };
  failed: string;
  /** The placeholders' name ("Loading proposals"). */
  loading: string;
  narrow: boolean;
  rowHeight: number;
  /** Whether the list has no rows. */
  empty: boolean;
  words: EmptyWords;
  filtered: boolean;
  cards: ReactNode;
  table: ReactNode;
}) {
  if (query.isError && !query.data)
    return (
      <Box m="md">
        <QueryError title={failed} query={query} />
      </Box>
    );
  if (query.isPending)
    return (
      <Stack gap="sm" p="md" aria-busy aria-label={loading}>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={narrow ? 96 : rowHeight} radius="sm" />
        ))}
      </Stack>
    );
  if (empty) {
    const [title, description] = filtered ? words.filtered : words.none;
    return <EmptyState framed={false} icon={words.icon} title={title} description={description} />;
  }
  return narrow ? <Box px="md">{cards}</Box> : table;
}
