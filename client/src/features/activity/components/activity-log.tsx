import { DownloadButton } from "@client/components/download-button";
import type { EmptyWords } from "@client/components/list-parts";
import { PagedList } from "@client/components/paged-list";
import { withQuery } from "@client/lib/api";
import { useTimeZone } from "@client/lib/dates";
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { ACTIVITY_KIND_LABEL, ACTIVITY_KINDS, type ActivityKind } from "@shared/activity";
import { MSG } from "@shared/messages";
import { IconFilterOff, IconHistory } from "@tabler/icons-react";
import { useActivity } from "../api/use-activity";
import { ActivityCards, ActivityTable } from "./activity-rows";
import { PersonSelect } from "./person-select";
import { useActivityParams } from "./use-activity-params";

export const ACTIVITY_PAGE_SIZE = 25;

const KIND_OPTIONS = ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_KIND_LABEL[k] }));

const EMPTY: EmptyWords = {
  icon: IconHistory,
  filtered: ["Nothing matches these filters.", "Clear a filter or choose other days."],
  none: [
    "Nothing has happened yet.",
    "Submissions, invitations, reviews and decisions are recorded here as they happen.",
  ],
};

/**
 * The committee's activity log (DESIGN.md §9), newest first and paged on the server: by person
 * (who did it or whom it concerns), kind and days in the department's zone (named on screen).
 * "Export CSV" downloads the same filters' rows.
 */
export function ActivityLog() {
  const [filters, update] = useActivityParams();
  const zone = useTimeZone();
  const { page, ...query } = filters;
  const log = useActivity({ ...query, page, pageSize: ACTIVITY_PAGE_SIZE });
  // The chosen person's name, as the log's rows give it (after a reload the address has only the id).
  const knownName = filters.personId
    ? (log.data?.items ?? []).flatMap((i) => [i.actor, i.subject]).find((p) => p?.id === filters.personId)
        ?.name
    : undefined;
  const badRange = !!(filters.from && filters.to && filters.from > filters.to);
  const filtered = !!(filters.personId || filters.kind || filters.from || filters.to);

  return (
    <Paper withBorder radius="md">
      <Stack p="md" gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" verticalSpacing="sm">
          <PersonSelect
            value={filters.personId}
            onChange={(personId) => update({ personId })}
            knownName={knownName}
          />
          <Select
            label="Kind"
            description="What it concerns"
            placeholder="Everything"
            data={KIND_OPTIONS}
            value={filters.kind ?? null}
            onChange={(v) => update({ kind: (v as ActivityKind | null) ?? undefined })}
            clearable
          />
          <TextInput
            type="date"
            label="From"
            description={`First day, in ${zone}`}
            value={filters.from ?? ""}
            onChange={(e) => update({ from: e.currentTarget.value || undefined })}
          />
          <TextInput
            type="date"
            label="To"
            description={`Last day, in ${zone}`}
            value={filters.to ?? ""}
            min={filters.from}
            onChange={(e) => update({ to: e.currentTarget.value || undefined })}
            error={badRange ? "The last day comes before the first." : undefined}
          />
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed">
            Times are in {zone}.
          </Text>
          <Group gap="sm">
            {filtered && (
              <Button
                variant="subtle"
                leftSection={<IconFilterOff size={16} />}
                onClick={() =>
                  update({ personId: undefined, kind: undefined, from: undefined, to: undefined })
                }
              >
                Clear filters
              </Button>
            )}
            <DownloadButton href={withQuery("/api/activity.csv", query)} />
          </Group>
        </Group>
      </Stack>

      <PagedList
        query={log}
        page={page}
        pageSize={ACTIVITY_PAGE_SIZE}
        onPage={update}
        of={["entry", "entries"]}
        narrowHint={false}
        failed={MSG.fetchActivityFailed}
        loading="Loading the activity log"
        rowHeight={32}
        words={EMPTY}
        filtered={filtered}
        cards={(items) => <ActivityCards items={items} zone={zone} busy={log.isFetching} />}
        table={(items) => <ActivityTable items={items} zone={zone} busy={log.isFetching} />}
      />
    </Paper>
  );
}
