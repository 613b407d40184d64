import { useCurrentTerm } from "@client/lib/current-term";
import { formatInZone, useTimeZone } from "@client/lib/dates";
import { MSG } from "@shared/messages";
import type { Term } from "@shared/schemas/terms";
import { useEffect, useReducer } from "react";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Where the current term's submission window stands (DESIGN.md §8: open from OpenAt, inclusive, to CloseAt, exclusive). */
export type WindowStatus =
  | { state: "open"; closesAt: string | null }
  | { state: "notYet"; opensAt: string; closesAt: string | null }
  | { state: "closed"; closedAt: string };

export function windowStatus(
  term: Pick<Term, "submissionsOpenAt" | "submissionsCloseAt">,
  now: number,
): WindowStatus {
  const { submissionsOpenAt: open, submissionsCloseAt: close } = term;
  if (close !== null && now >= Date.parse(close)) return { state: "closed", closedAt: close };
  if (open !== null && now < Date.parse(open)) return { state: "notYet", opensAt: open, closesAt: close };
  return { state: "open", closesAt: close };
}

/** Why a submission would be refused now, in the server's words; null while the window is open. */
export function closedReason(termName: string, status: WindowStatus, zone: string): string | null {
  if (status.state === "closed") return MSG.submissionsClosed(termName);
  if (status.state === "notYet") return MSG.submissionsOpenOn(termName, formatInZone(status.opensAt, zone));
  return null;
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const pair = (a: number, aWord: string, b: number, bWord: string) =>
  b ? `${unit(a, aWord)} ${unit(b, bWord)}` : unit(a, aWord);

/**
 * A time left as people say it: "2 days 4 hours", "3 hours 12 minutes", and to the second in the
 * last hour ("12 minutes 5 seconds"). Whole minutes are rounded down, seconds up, so it never
 * says "0 seconds" before the moment comes.
 */
export function formatCountdown(ms: number): string {
  if (ms > HOUR) {
    const minutes = Math.floor(ms / MINUTE);
    const days = Math.floor(minutes / (DAY / MINUTE));
    const hours = Math.floor((minutes % (DAY / MINUTE)) / 60);
    return days ? pair(days, "day", hours, "hour") : pair(hours, "hour", minutes % 60, "minute");
  }
  const seconds = Math.max(0, Math.ceil(ms / SECOND));
  if (seconds >= 3600) return unit(1, "hour");
  const minutes = Math.floor(seconds / 60);
  return minutes ? pair(minutes, "minute", seconds % 60, "second") : unit(seconds, "second");
}

/** How long until the countdown's text next changes: a minute's edge, or a second's in the last hour. */
export function nextTick(ms: number): number {
  if (ms <= 0) return 0;
  return ms > HOUR ? ms % MINUTE || MINUTE : ms % SECOND || SECOND;
}

export interface SubmissionWindowState {
  isPending: boolean;
  isError: boolean;
  term: Term | null;
  timeZone: string;
  status: WindowStatus | null;
  /** The moment the status was worked out at (ms). */
  now: number;
  /** Why the form is closed (MSG.submissionsClosed / submissionsOpenOn); null when it is open. */
  reason: string | null;
}

/**
 * The current term's submission window, kept up to date: it re-renders when the countdown's text
 * changes and at the very moment the window opens or closes, so a form that follows it opens and
 * closes by itself. The server stays the judge; this only spares a student a refused submission.
 */
export function useSubmissionWindow(): SubmissionWindowState {
  const current = useCurrentTerm();
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const now = Date.now();
  const term = current.data?.term ?? null;
  const timeZone = useTimeZone();
  const status = term ? windowStatus(term, now) : null;
  const target =
    status?.state === "notYet" ? status.opensAt : status?.state === "open" ? status.closesAt : null;

  useEffect(() => {
    if (target === null) return;
    const id = setTimeout(tick, nextTick(Date.parse(target) - now));
    return () => clearTimeout(id);
  }, [target, now]);

  return {
    isPending: current.isPending,
    isError: current.isError,
    term,
    timeZone,
    status,
    now,
    reason: term && status ? closedReason(term.name, status, timeZone) : null,
  };
}
