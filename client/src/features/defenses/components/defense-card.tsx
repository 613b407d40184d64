import { TitleLink } from "@client/components/record-rows";
import { thesisPath } from "@client/lib/queries/theses";
import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import type { DefenseListItem } from "@shared/schemas/defenses";
import { dayInZone, utcToWall } from "@shared/time";
import { weekdayOf } from "@shared/week";

/** "09:00–09:45" on the zone's clock. */
export const defenseHours = (d: DefenseListItem, zone: string) =>
  `${utcToWall(d.startsAt, zone).slice(11)}–${utcToWall(d.endsAt, zone).slice(11)}`;

/** Where: the room's name, or "Online". */
export const defensePlace = (d: DefenseListItem) => d.room?.name ?? "Online";

/** A calendar day as "Monday, 29 March 2027" (the day is the zone's already). */
export const dayTitle = (day: string) => `${weekdayOf(day)}, ${dayInZone(`${day}T00:00:00.000Z`, "UTC")}`;

const ROLE_WORDS = {
  member: "Members",
  examiner: "Examiners",
  chair: "Chair",
  supervisor: "Supervisor",
} as const;

/** Its people by role: "Members: Ana, Ben · Examiners: …". */
export function defensePeople(d: DefenseListItem) {
  return (Object.keys(ROLE_WORDS) as (keyof typeof ROLE_WORDS)[])
    .map((role) => {
      const names = d.people.filter((p) => p.role === role).map((p) => p.name);
      return names.length ? `${ROLE_WORDS[role]}: ${names.join(", ")}` : "";
    })
    .filter(Boolean)
    .join(" · ");
}

/** The thesis's title, a link to its page (Back returns to the Defenses screen). */
export function ThesisLink({ d }: { d: DefenseListItem }) {
  return <TitleLink to={thesisPath("committee", d.thesisId)}>{d.title}</TitleLink>;
}

/**
 * One defense as a block of the week, or a card of the list: its time (its day too, in the list),
 * its thesis (a link), its room or "Online", closed or public; the list's card names its people.
 */
export function DefenseCard({
  d,
  zone,
  withDay = false,
  withPeople = false,
}: {
  d: DefenseListItem;
  zone: string;
  withDay?: boolean;
  withPeople?: boolean;
}) {
  const day = utcToWall(d.startsAt, zone).slice(0, 10);
  return (
    <Paper component="li" withBorder radius="sm" p="xs" data-defense={d.id}>
      <Stack gap={4}>
        <Group gap={6} justify="space-between" wrap="wrap">
          <Text size="sm" fw={600}>
            {withDay && (
              <>
                {dayTitle(day)}
                <br />
              </>
            )}
            {defenseHours(d, zone)}
          </Text>
          {!d.public && (
            <Badge size="xs" variant="light" color="gray">
              Closed
            </Badge>
          )}
        </Group>
        <ThesisLink d={d} />
        <Text size="sm" c="dimmed">
          {defensePlace(d)}
        </Text>
        {withPeople && (
          <Text size="xs" c="dimmed">
            {defensePeople(d)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
