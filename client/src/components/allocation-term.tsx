import { EmptyState } from "@client/components/empty-state";
import { LoadError } from "@client/components/load-error";
import { useCurrentTerm } from "@client/lib/current-term";
import { Skeleton } from "@mantine/core";
import type { Term } from "@shared/schemas/terms";
import type { Icon } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * The current term for a screen of topics (DESIGN.md §11): `term` when it allocates topics, else
 * null, and then `instead`, what the screen shows: a placeholder while the term loads, the failure,
 * or why there is nothing here (the term does not allocate topics), in the screen's words.
 */
export function useAllocationTerm(otherwise: {
  icon: Icon;
  /** The empty state's title and description, for the term's name ("This term" without one). */
  title: (name: string) => string;
  description: (name: string) => string;
  loading?: ReactNode;
}): { term: Term; instead: null } | { term: null; instead: ReactNode } {
  const current = useCurrentTerm();
  const term = current.data?.term ?? null;
  const name = term?.name ?? "This term";
  if (current.isPending)
    return { term: null, instead: otherwise.loading ?? <Skeleton height={160} radius="md" /> };
  if (current.isError)
    return {
      term: null,
      instead: (
        <LoadError title="The current term could not be loaded." onRetry={() => void current.refetch()} />
      ),
    };
  if (term?.mode === "allocation") return { term, instead: null };
  return {
    term: null,
    instead: (
      <EmptyState
        icon={otherwise.icon}
        title={otherwise.title(name)}
        description={otherwise.description(name)}
      />
    ),
  };
}
