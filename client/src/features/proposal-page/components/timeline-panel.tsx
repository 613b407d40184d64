import { CardList } from "@client/components/list-parts";
import { LoadError } from "@client/components/load-error";
import { PageLoader } from "@client/components/page-loader";
import { Section } from "@client/components/section";
import { StatusBadge } from "@client/components/status-badge";
import { formatInZone } from "@client/lib/dates";
import { Group, Text, VisuallyHidden } from "@mantine/core";
import { activityWhat, SCHEDULER_NAME } from "@shared/activity";
import type { ActivityItem } from "@shared/schemas/life";
import { IconArrowRight } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTimeline } from "../api/use-proposal-page";
import { Entry, EntryNote } from "./entry";

/**
 * What one row says: who did it (or ThesisDesk itself, at a deadline) and what, with the person
 * it concerns where that is someone else: the invitee, the new supervisor.
 */
export function timelineSentence(item: ActivityItem): string {
  const what = activityWhat({
    kind: item.kind,
    action: item.action,
    actorId: item.actor?.id ?? null,
    subjectId: item.subject?.id ?? null,
    subjectName: item.subject?.name ?? null,
  });
  return `${item.actor?.name ?? SCHEDULER_NAME} ${what}`;
}

/** Every step of the proposal's life, oldest first: who, what, when (in the department's zone), from → to, the note. */
export function TimelinePanel({ proposalId, zone }: { proposalId: string; zone: string }) {
  const timeline = useTimeline(proposalId);
  let body: ReactNode;
  if (timeline.isPending) body = <PageLoader label="Loading timeline" py="md" />;
  else if (timeline.isError)
    body = <LoadError title="The timeline could not be loaded." onRetry={() => void timeline.refetch()} />;
  else if (!timeline.data.length) body = <Text size="sm">Nothing is recorded for this proposal yet.</Text>;
  else
    body = (
      <CardList ordered gap="md" aria-label="Timeline, oldest first">
        {timeline.data.map((item) => (
          <Entry key={item.id} mark="indigo-3">
            <Text size="sm" style={{ overflowWrap: "break-word" }}>
              {timelineSentence(item)}
            </Text>
            <Text size="xs" c="dimmed">
              <time dateTime={item.at}>{formatInZone(item.at, zone)}</time>
            </Text>
            <StatusChange item={item} />
            <EntryNote note={item.note} />
          </Entry>
        ))}
      </CardList>
    );
  return <Section title="Timeline">{body}</Section>;
}

/** From → to, when the status changed (or the first status, for a submission). */
function StatusChange({ item }: { item: ActivityItem }) {
  if (!item.to || item.from === item.to) return null;
  return (
    <Group gap={6} wrap="wrap">
      <VisuallyHidden>
        {item.from ? `Status: ${item.from} to ${item.to}` : `Status: ${item.to}`}
      </VisuallyHidden>
      {item.from && <StatusBadge status={item.from} size="sm" aria-hidden />}
      {item.from && <IconArrowRight size={14} aria-hidden />}
      <StatusBadge status={item.to} size="sm" aria-hidden />
    </Group>
  );
}
