import { useNarrow } from "@client/lib/use-narrow";
import type { ReactNode } from "react";
import { type EmptyWords, ListState, PagedFooter, usePaged } from "./list-parts";

/**
 * The body of a filtered list the server pages (the proposals, the theses, the activity log): its
 * state (ListState: cards on a phone, else the table, from the page's items) and, under it, the
 * count and the pages (PagedFooter). `onPage` is the filters' update: a page past the list's end
 * steps back to its last (usePaged).
 */
export function PagedList<T>({
  query,
  page,
  pageSize,
  onPage,
  of,
  narrowHint,
  rowHeight,
  cards,
  table,
  ...state
}: {
  query: Parameters<typeof ListState>[0]["query"] & {
    data?: { items: T[]; total: number; capped?: boolean };
    isPlaceholderData: boolean;
  };
  page: number;
  pageSize: number;
  onPage: (change: { page: number }) => void;
  of: [one: string, many: string];
  narrowHint?: boolean;
  failed: string;
  loading: string;
  rowHeight: number;
  words: EmptyWords;
  filtered: boolean;
  cards: (items: T[]) => ReactNode;
  table: (items: T[]) => ReactNode;
}) {
  const narrow = useNarrow();
  const paged = usePaged(query, page, pageSize, onPage);
  return (
    <>
      <ListState
        {...state}
        query={query}
        narrow={narrow}
        rowHeight={rowHeight}
        empty={paged.items.length === 0}
        cards={cards(paged.items)}
        table={table(paged.items)}
      />
      <PagedFooter
        list={paged}
        page={page}
        pageSize={pageSize}
        of={of}
        onPage={(p) => onPage({ page: p })}
        narrowHint={narrowHint}
      />
    </>
  );
}
