import { CardList } from "@client/components/list-parts";
import { useNarrow } from "@client/lib/use-narrow";
import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { DefenseListItem } from "@shared/schemas/defenses";
import { dayAt, workWeek } from "@shared/week";
import { DefenseCard, dayTitle } from "./defense-card";

/**
 * The week's defenses, Monday to Friday in the department's zone: a column a day on a wide screen,
 * the days one under another on a phone; each defense a block with its time, thesis and place.
 */
export function DefenseWeek({
  monday,
  items,
  zone,
}: {
  monday: string;
  items: DefenseListItem[];
  zone: string;
}) {
  const narrow = useNarrow();
  const days = workWeek(monday);
  const byDay = (day: string) => items.filter((d) => dayAt(d.startsAt, zone) === day);
  return (
    <SimpleGrid cols={narrow ? 1 : 5} spacing="sm" data-testid="defense-week">
      {days.map((day) => {
        const headingId = `defense-day-${day}`;
        const those = byDay(day);
        return (
          <Paper
            key={day}
            component="section"
            aria-labelledby={headingId}
            withBorder
            radius="md"
            p="sm"
            miw={0}
          >
            <Stack gap="xs">
              <Title order={3} id={headingId} size="sm">
                {dayTitle(day)}
              </Title>
              {those.length ? (
                <CardList gap="xs" aria-labelledby={headingId}>
                  {those.map((d) => (
                    <DefenseCard key={d.id} d={d} zone={zone} />
                  ))}
                </CardList>
              ) : (
                <Text size="sm" c="dimmed">
                  No defenses
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
