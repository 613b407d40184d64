import { DueBadge } from "@client/components/overdue-badge";
import { formatDate, formatInZone, useTimeZone } from "@client/lib/dates";
import { Badge, type BadgeProps, Text } from "@mantine/core";
import type { Thesis } from "@shared/schemas/theses";
import { isThesisOverdue } from "@shared/thesis-life";
import { useEffect, useState } from "react";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The clock, read again every `everyMs` (a countdown's minute), so what is shown keeps up. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** How far the due date is: "12 days left", "5 hours left", "less than an hour left", or "3 days past". */
export function countdownText(dueAt: string, now: number): string {
  const left = new Date(dueAt).getTime() - now;
  const span = Math.abs(left);
  const amount =
    span >= 2 * DAY
      ? plural(Math.floor(span / DAY), "day")
      : span >= HOUR
        ? plural(Math.floor(span / HOUR), "hour")
        : null;
  if (left >= 0) return amount ? `${amount} left` : "less than an hour left";
  return amount ? `${amount} past` : "less than an hour past";
}

/** "Overdue" on a thesis in Writing past its due date (§16), the date in its name and tooltip. */
export function ThesisOverdueBadge({
  thesis,
  now,
  ...props
}: { thesis: Pick<Thesis, "state" | "dueAt">; now: number } & BadgeProps) {
  if (!isThesisOverdue(thesis, now)) return null;
  return <DueBadge due={thesis.dueAt} what="was due" {...props} />;
}

/** The due date in the department's zone and, while it is written, the countdown to it. */
export function ThesisDue({ thesis, now }: { thesis: Pick<Thesis, "state" | "dueAt">; now: number }) {
  const zone = useTimeZone();
  return (
    <>
      <time dateTime={thesis.dueAt}>{formatInZone(thesis.dueAt, zone)}</time>
      {thesis.state === "Writing" && (
        <Text
          component="span"
          size="sm"
          c={isThesisOverdue(thesis, now) ? "red.8" : "dimmed"}
          fw={500}
          data-countdown
        >
          {" "}
          ({countdownText(thesis.dueAt, now)})
        </Text>
      )}
    </>
  );
}

/**
 * To an examiner, their own assessment (§17): "Your assessment is in", or when it is due, as
 * "Overdue" once past (what waits for them, on their list and the thesis page).
 */
export function YourAssessmentBadge({
  thesis,
  now,
}: {
  thesis: Pick<Thesis, "yourAssessment">;
  now: number;
}) {
  const zone = useTimeZone();
  const mine = thesis.yourAssessment;
  if (!mine) return null;
  const props = { variant: "outline", color: "dark", miw: "max-content", style: { flexShrink: 0 } } as const;
  if (mine.in) return <Badge {...props}>Your assessment is in</Badge>;
  if (new Date(mine.dueAt).getTime() < now)
    return <DueBadge due={mine.dueAt} what="your assessment was due" />;
  // The day only: the badge stays within a phone's width (the time is on the Marking panel).
  return <Badge {...props}>Your assessment due {formatDate(mine.dueAt, zone)}</Badge>;
}
