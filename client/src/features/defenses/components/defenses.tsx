import { EmptyState } from "@client/components/empty-state";
import { QueryError } from "@client/components/load-error";
import { useTimeZone } from "@client/lib/dates";
import { roomQueries } from "@client/lib/queries/rooms";
import { termQueries } from "@client/lib/queries/terms";
import { Button, Group, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { MSG } from "@shared/messages";
import { DAY_MS, dayInZone } from "@shared/time";
import { addDays, weekRange } from "@shared/week";
import { IconChevronLeft, IconChevronRight, IconPresentation } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useDefenseList } from "../api/use-defenses";
import { DefenseAgenda } from "./defense-agenda";
import { DefenseWeek } from "./defense-week";
import { type DefenseFilters, useDefenseFilters } from "./use-defense-filters";

/** The list's range: to come (the server's default, from now), or the past year. */
function rangeOf(f: DefenseFilters, zone: string, now: number) {
  if (f.view === "week") return weekRange(f.week, zone);
  if (f.when === "past")
    return { from: new Date(now - 366 * DAY_MS).toISOString(), to: new Date(now).toISOString() };
  return {};
}

/**
 * The committee's defenses of every term (issue 32 item 8, decision 0078): a list (those to come
 * by default, or the past year's) or a week, Monday to Friday in the department's zone, with the
 * week's navigation; filtered by room and by person; each defense links to its thesis's page.
 */
export function Defenses() {
  const zone = useTimeZone();
  // The week is cut in the department's zone, which comes with the terms: ask once it is known.
  const zoneRead = !useQuery(termQueries.list()).isPending;
  const [now] = useState(() => Date.now());
  const { filters: f, update } = useDefenseFilters(zone, now);
  const range = rangeOf(f, zone, now);
  const everyone = useDefenseList({ ...range, roomId: f.roomId }, zoneRead);
  const shown = useDefenseList({ ...range, roomId: f.roomId, personId: f.personId }, zoneRead);
  const rooms = useQuery(roomQueries.list());

  const people = useMemo(() => {
    const seen = new Map<string, string>();
    for (const d of everyone.data?.items ?? []) for (const p of d.people) seen.set(p.id, p.name);
    return [...seen]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [everyone.data]);
  const personOptions =
    f.personId && !people.some((p) => p.value === f.personId)
      ? [{ value: f.personId, label: "Chosen person" }, ...people]
      : people;

  const items = shown.data?.items ?? [];
  const listed = f.view === "list" && f.when === "past" ? [...items].reverse() : items;
  const filtered = !!(f.roomId || f.personId);

  let body: React.ReactNode;
  if (shown.isError && !shown.data) body = <QueryError title={MSG.fetchDefensesFailed} query={shown} />;
  else if (shown.isPending) body = <Text size="sm">Loading the defenses…</Text>;
  else if (f.view === "week") body = <DefenseWeek monday={f.week} items={items} zone={zone} />;
  else if (!items.length)
    body = (
      <EmptyState
        icon={IconPresentation}
        title={filtered ? "No defense matches these filters." : "No defenses."}
        description={
          f.when === "past"
            ? "Defenses of the past year appear here."
            : "Defenses scheduled on a thesis's page appear here, by start."
        }
      />
    );
  else body = <DefenseAgenda items={listed} zone={zone} />;

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="View"
          value={f.view}
          onChange={(view) => update({ view: view === "week" ? "week" : undefined })}
          data={[
            { value: "list", label: "List" },
            { value: "week", label: "Week" },
          ]}
        />
        {f.view === "list" && (
          <SegmentedControl
            aria-label="Which defenses"
            value={f.when}
            onChange={(when) => update({ when: when === "past" ? "past" : undefined })}
            data={[
              { value: "upcoming", label: "Upcoming" },
              { value: "past", label: "Past" },
            ]}
          />
        )}
        <Select
          label="Room"
          placeholder="Every room"
          clearable
          clearButtonProps={{ "aria-label": "Clear the room" }}
          searchable
          w={{ base: "100%", xs: 200 }}
          data={(rooms.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }))}
          value={f.roomId ?? null}
          onChange={(v) => update({ roomId: v ?? undefined })}
        />
        <Select
          label="Person"
          placeholder="Everyone"
          clearable
          clearButtonProps={{ "aria-label": "Clear the person" }}
          searchable
          w={{ base: "100%", xs: 220 }}
          data={personOptions}
          value={f.personId ?? null}
          onChange={(v) => update({ personId: v ?? undefined })}
          nothingFoundMessage="Nobody of these defenses"
        />
      </Group>
      {f.view === "week" && (
        <WeekNavigation monday={f.week} thisWeek={f.thisWeek} zone={zone} update={update} />
      )}
      <div aria-busy={shown.isFetching}>{body}</div>
      {shown.data?.more && (
        <Text size="sm" c="dimmed">
          Only the first 500 defenses are shown: choose a room or a person.
        </Text>
      )}
    </Stack>
  );
}

function WeekNavigation({
  monday,
  thisWeek,
  zone,
  update,
}: {
  monday: string;
  thisWeek: boolean;
  zone: string;
  update: (change: { week?: string }) => void;
}) {
  const friday = addDays(monday, 4);
  const day = (d: string) => dayInZone(`${d}T00:00:00.000Z`, "UTC");
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Title order={2} size="h4" aria-live="polite">
        {`${day(monday)} – ${day(friday)}`}
        <Text span size="sm" c="dimmed" fw={400}>
          {` (${zone})`}
        </Text>
      </Title>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} />}
          onClick={() => update({ week: addDays(monday, -7) })}
        >
          Previous week
        </Button>
        <Button variant="default" disabled={thisWeek} onClick={() => update({ week: undefined })}>
          This week
        </Button>
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} />}
          onClick={() => update({ week: addDays(monday, 7) })}
        >
          Next week
        </Button>
      </Group>
    </Group>
  );
}
