import {
  Box,
  Group,
  type GroupProps,
  Pagination,
  Skeleton,
  Stack,
  type StackProps,
  Text,
} from "@mantine/core";
import { LIMITS } from "@shared/limits";
import type { ReactNode } from "react";
import { LoadError } from "./load-error";

/** The pages of a list the server counts: a page may start at most at the count's limit. */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(Math.min(total, LIMITS.listCountMax) / pageSize));

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
 * A filtered list's body, whatever its state: the failure with Retry (while nothing is shown yet),
 * placeholders of `height` while the first page loads, the `empty` state, or the rows.
 */
export function ListState({
  query,
  failed,
  loading,
  height,
  empty,
  children,
}: {
  query: { isError: boolean; isPending: boolean; data: unknown; error: Error | null; refetch: () => unknown };
  failed: string;
  /** The placeholders' name ("Loading proposals"). */
  loading: string;
  height: number;
  /** Shown when the list is empty (false otherwise). */
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isError && !query.data)
    return (
      <Box m="md">
        <LoadError title={failed} message={query.error?.message} onRetry={() => void query.refetch()} />
      </Box>
    );
  if (query.isPending)
    return (
      <Stack gap="sm" p="md" aria-busy aria-label={loading}>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={height} radius="sm" />
        ))}
      </Stack>
    );
  return empty || children;
}
