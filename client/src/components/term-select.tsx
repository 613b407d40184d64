import { termQueries } from "@client/lib/queries/terms";
import { Select, type SelectProps } from "@mantine/core";
import { termFilter } from "@shared/schemas/terms";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";

/** The address bar's parameter that holds the chosen term. */
export const TERM_PARAM = "term";
/** The Select's value for the current term: no parameter in the address (the server's default). */
const CURRENT = "current";
const ALL_TERMS = "all";

/**
 * The term a list, a dashboard or an export is filtered by, from `?term=`: a term's id or "all";
 * undefined for the current term (nothing to send: the server's default, DESIGN.md §8). Anything
 * else in the address (a hand-edited link) also reads as the current term.
 */
export function useTermParam(): string | undefined {
  const [params] = useSearchParams();
  const raw = params.get(TERM_PARAM);
  if (!raw) return undefined;
  return termFilter.safeParse(raw).success ? raw : undefined;
}

/**
 * "Term": the current term (by name, marked current), every other term, and All terms. The
 * choice lives in the address (`?term=`), so a reload, the back button and a shared link show the
 * same term; the screen reads it with useTermParam().
 */
export function TermSelect(props: Omit<SelectProps, "data" | "value" | "onChange" | "label">) {
  const terms = useQuery(termQueries.list());
  const termId = useTermParam();
  const [, setParams] = useSearchParams();

  const items = terms.data?.items ?? [];
  const current = items.find((t) => t.current);
  const data = [
    { value: CURRENT, label: current ? `${current.name} (current)` : "Current term" },
    ...items.filter((t) => !t.current).map((t) => ({ value: t.id, label: t.name })),
    { value: ALL_TERMS, label: "All terms" },
  ];
  // The current term chosen by its id reads as the current term: one option, not two.
  const value = !termId || termId === current?.id ? CURRENT : termId;

  return (
    <Select
      label="Term"
      data={data}
      value={data.some((o) => o.value === value) ? value : null}
      placeholder={terms.isPending ? "Loading terms…" : "Choose a term"}
      error={terms.isError ? "The terms could not be loaded." : undefined}
      allowDeselect={false}
      w={{ base: "100%", xs: 240 }}
      {...props}
      onChange={(v) =>
        setParams((prev) => {
          const next = new URLSearchParams(prev);
          if (!v || v === CURRENT) next.delete(TERM_PARAM);
          else next.set(TERM_PARAM, v);
          // Another term's list starts on its first page.
          next.delete("page");
          return next;
        })
      }
    />
  );
}
