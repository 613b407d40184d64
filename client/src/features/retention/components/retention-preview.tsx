import { Fact } from "@client/components/fact";
import { FigureText } from "@client/components/figure";
import { QueryError } from "@client/components/load-error";
import { DateText } from "@client/lib/dates";
import { retentionQueries } from "@client/lib/queries/retention";
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { RetentionCounts } from "@shared/schemas/retention";
import { useQuery } from "@tanstack/react-query";

const FIGURES: [keyof RetentionCounts, string][] = [
  ["records", "Ended records"],
  ["messages", "Chat messages"],
  ["notices", "Notices"],
  ["versions", "Superseded versions"],
  ["internalComments", "Internal comments"],
  ["accounts", "Accounts to anonymise"],
];

/**
 * The committee's preview of the next retention run (DESIGN.md §19): when it runs, which records it
 * reaches, what it would remove in counts, and what the last run did.
 */
export function RetentionPreview() {
  const preview = useQuery(retentionQueries.preview());
  if (preview.isError && !preview.data)
    return <QueryError title="The retention preview could not be loaded." query={preview} />;
  const p = preview.data;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Next run
          </Title>
          {p ? (
            <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="md" m={0}>
              <Fact label="Runs">
                <DateText iso={p.nextRunAt} withTime />
              </Fact>
              <Fact label="Reaches records ended before">
                <DateText iso={p.cutoff} withTime />
              </Fact>
              <Fact label="Kept for">{`${p.years} ${p.years === 1 ? "year" : "years"} (RETENTION_YEARS)`}</Fact>
            </SimpleGrid>
          ) : (
            <Skeleton height={40} />
          )}
          <Text size="sm" c="dimmed">
            Chat, notices, superseded versions and drafts with their files, examiners' internal comments and
            defense minutes are removed. The final document, the grade, the archive entry and the timeline
            stay. A deactivated account is anonymised once the last of its records has run out.
          </Text>
        </Stack>
      </Paper>
      <section aria-label="What the next run would remove">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          {FIGURES.map(([key, label]) => (
            <Paper key={key} withBorder radius="md" p="md">
              {p ? <FigureText label={label} value={p.counts[key]} /> : <Skeleton height={48} />}
            </Paper>
          ))}
        </SimpleGrid>
      </section>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="xs">
          Last run
        </Title>
        {!p ? (
          <Skeleton height={20} />
        ) : p.lastRun ? (
          <Text size="sm">
            <DateText iso={p.lastRun.at} withTime />: {p.lastRun.note}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No run yet.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
