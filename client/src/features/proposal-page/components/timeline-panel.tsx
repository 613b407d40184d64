import { CardList } from "@client/components/list-parts";
import { Section } from "@client/components/section";
import { StatusBadge } from "@client/components/status-badge";
import { formatInZone } from "@client/lib/dates";
import { Group, Text, VisuallyHidden } from "@mantine/core";
import { activityWhat, SCHEDULER_NAME } from "@shared/activity";
import type { ActivityItem } from "@shared/schemas/life";
import { IconArrowRight } from "@tabler/icons-react";
import { useTimeline } from "../api/use-proposal-page";
import { Entry, EntryNote } from "./entry";
import { ListPanelBody } from "./list-panel-body";

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
  return (
    <Section title="Timeline">
      <ListPanelBody
        query={timeline}
        loading="Loading timeline"
        failed="The timeline could not be loaded."
        empty="Nothing is recorded for this proposal yet."
      >
        {(items) => (
          <CardList ordered gap="md" aria-label="Timeline, oldest first">
            {items.map((item) => (
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
        )}
      </ListPanelBody>
    </Section>
  );
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
