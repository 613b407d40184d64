import { LoadError } from "@client/components/load-error";
import { PageLoader } from "@client/components/page-loader";
import { Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The body of a panel that lists what the proposal records (its timeline, its versions), whatever
 * its query's state: the loader named `loading`, the `failed` title with Retry, `empty` when the
 * list has nothing, else `children` of the list.
 */
export function ListPanelBody<T>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: T[]; refetch: () => unknown };
  loading: string;
  failed: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <PageLoader label={loading} py="md" />;
  if (query.isError || !query.data) return <LoadError title={failed} onRetry={() => void query.refetch()} />;
  if (!query.data.length) return <Text size="sm">{empty}</Text>;
  return children(query.data);
}
