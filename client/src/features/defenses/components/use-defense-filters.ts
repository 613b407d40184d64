import { idParam } from "@client/lib/address-filters";
import { dayAt, isDay, mondayOf } from "@shared/week";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

export type DefenseView = "list" | "week";
export type DefenseWhen = "upcoming" | "past";

export interface DefenseFilters {
  view: DefenseView;
  /** The list's defenses: those to come (the default) or those of the past year. */
  when: DefenseWhen;
  /** The Monday of the week shown ("YYYY-MM-DD"), this week's by default. */
  week: string;
  /** Whether the week is this week. */
  thisWeek: boolean;
  roomId?: string;
  personId?: string;
}

/**
 * The Defenses screen's choices live in the address (`?view=week&week=2027-03-29&roomId=&personId=&when=past`):
 * a reload, the back button and a shared link show the same defenses. What cannot be read reads as the default.
 */
export function useDefenseFilters(zone: string, now: number) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<DefenseFilters>(() => {
    const today = mondayOf(dayAt(new Date(now).toISOString(), zone));
    const week = params.get("week") ?? "";
    const monday = isDay(week) ? mondayOf(week) : today;
    return {
      view: params.get("view") === "week" ? "week" : "list",
      when: params.get("when") === "past" ? "past" : "upcoming",
      week: monday,
      thisWeek: monday === today,
      roomId: idParam(params.get("roomId")),
      personId: idParam(params.get("personId")),
    };
  }, [params, zone, now]);
  const update = useCallback(
    (change: Partial<Record<"view" | "when" | "week" | "roomId" | "personId", string | undefined>>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(change)) {
          if (!v) next.delete(k);
          else next.set(k, v);
        }
        return next;
      }),
    [setParams],
  );
  return { filters, update };
}
