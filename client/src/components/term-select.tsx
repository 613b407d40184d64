import { termQueries } from "@client/lib/queries/terms";
import { Select, type SelectProps } from "@mantine/core";
import { termFilter } from "@shared/schemas/terms";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";

/** The address bar's parameter that holds the chosen term (the screens' default). */
export const TERM_PARAM = "term";
/** The Select's value for the current term. */
const CURRENT = "current";
const ALL_TERMS = "all";

/**
 * A term picker that shows whole names: as wide as its longest name (within its container; a
 * phone's full width), and a list as wide as its names, wrapping only past the screen's width.
 */
export function wholeNameProps(
  labels: string[],
): Pick<SelectProps, "w" | "maw" | "comboboxProps" | "styles"> {
  const longest = Math.max(0, ...labels.map((l) => l.length));
  return {
    // ch is the width of a digit: about a letter's, on average; the chevron and padding take ~4rem.
    w: { base: "100%", xs: `max(15rem, calc(${longest}ch + 4rem))` },
    maw: "100%",
    comboboxProps: { width: "max-content" },
    styles: { dropdown: { maxWidth: "calc(100vw - 2rem)" } },
  };
}

/** What a screen shows with no term in its address: the current term (most screens) or every term. */
export type TermFallback = "current" | "all";

/**
 * The term a list, a dashboard or an export is filtered by, from `?term=` (or another `param`): a
 * term's id or "all". With no parameter, the fallback: undefined for the current term (nothing to
 * send: the server's default, DESIGN.md §8), or "all". Anything else in the address (a
 * hand-edited link) reads as the fallback too.
 */
export function useTermParam(param = TERM_PARAM, fallback: TermFallback = "current"): string | undefined {
  const [params] = useSearchParams();
  const raw = params.get(param);
  const none = fallback === "all" ? ALL_TERMS : undefined;
  if (!raw) return none;
  return termFilter.safeParse(raw).success ? raw : none;
}

/**
 * "Term": the current term (by name, marked current), every other term, and All terms. The
 * choice lives in the address (`?term=`, or `param`), so a reload, the back button and a shared
 * link show the same term; the screen reads it with useTermParam() with the same `param` and
 * `fallback`. The fallback (what no parameter means) is left out of the address.
 */
export function TermSelect({
  param = TERM_PARAM,
  fallback = "current",
  ...props
}: Omit<SelectProps, "data" | "value" | "onChange" | "label"> & { param?: string; fallback?: TermFallback }) {
  const terms = useQuery(termQueries.list());
  const termId = useTermParam(param, fallback);
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
      {...wholeNameProps(data.map((o) => o.label))}
      {...props}
      onChange={(v) =>
        setParams((prev) => {
          const next = new URLSearchParams(prev);
          const chosen = !v ? fallback : v;
          if (chosen === fallback) next.delete(param);
          // The current term when every term is the fallback: by its id (none means "all" here).
          else if (chosen === CURRENT) {
            if (current) next.set(param, current.id);
            else next.delete(param);
          } else next.set(param, chosen);
          // Another term's list starts on its first page.
          next.delete("page");
          return next;
        })
      }
    />
  );
}
