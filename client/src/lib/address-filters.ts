import { useCallback, useContext } from "react";
import { UNSAFE_NavigationContext, useLocation, useSearchParams } from "react-router";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from the address, in canonical (lower-case) form; anything else reads as no filter. */
export const idParam = (v: string | null) => (v && UUID.test(v) ? v.toLowerCase() : undefined);

/** The list's page from the address (`?page=`); anything but a whole number from 1 reads as 1. */
export const pageParam = (params: URLSearchParams) => {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * Changes some of a screen's filters kept in the address (an empty one, or page 1, leaves the
 * address); any change but the page's goes back to the first page.
 */
export function useFilterUpdate<T extends { page: number }>() {
  const [, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // The router's history (browser or memory) moves at once when a link is followed; the router
  // keeps showing this screen until the next page's code has loaded (a transition).
  const history = useContext(UNSAFE_NavigationContext).navigator as {
    location?: { pathname: string };
  };
  return useCallback(
    (change: Partial<T>) => {
      // A late change (a search's debounce firing while the visitor's link loads) must not take
      // them back to the list.
      if (history.location && history.location.pathname !== pathname) return;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(change)) {
            if (v === undefined || v === "" || (k === "page" && v === 1)) next.delete(k);
            else next.set(k, String(v));
          }
          if (!("page" in change)) next.delete("page");
          return next;
        },
        // Typing a search replaces the entry; choosing a filter or a page is a step Back undoes.
        { replace: "q" in change },
      );
    },
    [setParams, history, pathname],
  );
}

/** A list's page alone, in the address (`?page=`), for a screen with no other filter. */
export function usePageParam() {
  const [params] = useSearchParams();
  const update = useFilterUpdate();
  return [pageParam(params), (page: number) => update({ page })] as const;
}
