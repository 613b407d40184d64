import { formatInZone } from "@client/lib/dates";
import { Badge, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { MSG } from "@shared/messages";
import { IconCalendarTime } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatCountdown, type SubmissionWindowState, useSubmissionWindow } from "./use-submission-window";

const MARK = "\u0000";

/** A sentence with a moment in it, the moment as a <time> for assistive technology and machines. */
function withTime(sentence: (date: string) => string, iso: string, zone: string): ReactNode {
  const [before, after] = sentence(MARK).split(MARK);
  return (
    <>
      {before}
      <time dateTime={iso}>{formatInZone(iso, zone)}</time>
      {after}
    </>
  );
}

const BADGE = {
  open: { label: "Open", color: "green" },
  notYet: { label: "Not open yet", color: "yellow" },
  closed: { label: "Closed", color: "red" },
} as const;

/**
 * The current term's submission window: its term, when submissions open or close in the
 * department's time zone (named), and a countdown. The countdown is a timer (aria-live off): it is
 * read when someone reaches it, not announced each second. `reasonId` goes on the sentence that
 * says why submissions are closed, for the form it disables to point at.
 */
export function SubmissionWindowCard({
  value,
  reasonId,
}: {
  value: SubmissionWindowState;
  reasonId?: string;
}) {
  const { term, status, timeZone, now } = value;
  if (!value.isPending && !value.isError && (!term || !status)) return null;

  let body: ReactNode;
  if (value.isPending)
    body = (
      <Stack gap="xs">
        <Skeleton height={14} width="60%" />
        <Skeleton height={12} width="40%" />
      </Stack>
    );
  else if (value.isError || !term || !status)
    body = (
      <Text size="sm" c="red">
        The submission window could not be loaded.
      </Text>
    );
  else {
    const name = term.name;
    const main =
      status.state === "closed"
        ? MSG.submissionsClosed(name)
        : status.state === "notYet"
          ? withTime((d) => MSG.submissionsOpenOn(name, d), status.opensAt, timeZone)
          : status.closesAt
            ? withTime((d) => `Submissions are open for ${name} until ${d}.`, status.closesAt, timeZone)
            : `Submissions are open for ${name}.`;
    const target =
      status.state === "notYet" ? status.opensAt : status.state === "open" ? status.closesAt : null;
    body = (
      <Stack gap={4}>
        <Text size="sm" id={value.reason ? reasonId : undefined}>
          {main}
        </Text>
        {status.state === "notYet" && status.closesAt && (
          <Text size="sm" c="dimmed">
            {withTime((d) => `They close on ${d}.`, status.closesAt, timeZone)}
          </Text>
        )}
        {status.state === "closed" && (
          <Text size="sm" c="dimmed">
            {withTime((d) => `They closed on ${d}.`, status.closedAt, timeZone)}
          </Text>
        )}
        {target && (
          <Text role="timer" aria-live="off" fw={600}>
            {status.state === "notYet" ? "Opens" : "Closes"} in {formatCountdown(Date.parse(target) - now)}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="lg" radius="md" aria-label="Submission window" component="section">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="md" aria-hidden>
            <IconCalendarTime size={18} />
          </ThemeIcon>
          <Text fw={600}>{term ? `Submission window · ${term.name}` : "Submission window"}</Text>
        </Group>
        {status && (
          <Badge variant="light" color={BADGE[status.state].color}>
            {BADGE[status.state].label}
          </Badge>
        )}
      </Group>
      {body}
    </Paper>
  );
}

/** The submission window on its own (the student dashboard). */
export function SubmissionWindow() {
  return <SubmissionWindowCard value={useSubmissionWindow()} />;
}
