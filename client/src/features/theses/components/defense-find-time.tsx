import { QueryError } from "@client/components/load-error";
import { errorMessage } from "@client/lib/api";
import { useTimeZone } from "@client/lib/dates";
import { notify } from "@client/lib/notify";
import { Button, Group, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Defense, DefenseSlot } from "@shared/schemas/defenses";
import { dayTimeInZone, utcToWall } from "@shared/time";
import { useState } from "react";
import { useDefenseSlots, useMoveDefense, useScheduleDefense } from "../api/use-defense";

const slotWords = (s: DefenseSlot, zone: string) =>
  `${dayTimeInZone(s.startsAt, zone)}–${utcToWall(s.endsAt, zone).slice(11)}`;

/**
 * "Find a time" (§18): the first free slots when every person and a room are free; one click books
 * one (a new defense, public; or the current one moved there). A slot taken meanwhile is said (409).
 */
export function FindTime({ thesisId, defense }: { thesisId: string; defense?: Defense }) {
  const zone = useTimeZone();
  const [open, setOpen] = useState(false);
  const slots = useDefenseSlots(thesisId, open);
  const schedule = useScheduleDefense(thesisId);
  const move = useMoveDefense();
  const busy = schedule.isPending || move.isPending;
  const book = (s: DefenseSlot) => {
    const handlers = {
      onSuccess: () => {
        notify.success(defense ? MSG.defenseMoved : MSG.defenseScheduled);
        setOpen(false);
      },
      onError: (e: unknown) => {
        notify.error(`${MSG.saveDefenseFailed} ${errorMessage(e)}`);
        void slots.refetch();
      },
    };
    const place = { startsAt: s.startsAt, roomId: s.room.id };
    if (defense) move.mutate({ id: defense.id, ...place, onlineUrl: null }, handlers);
    else schedule.mutate({ ...place, public: true }, handlers);
  };
  if (!open)
    return (
      <Button variant="subtle" onClick={() => setOpen(true)}>
        Find a time
      </Button>
    );
  return (
    <Stack gap="xs" w="100%" aria-live="polite">
      <Text size="sm" fw={600}>
        Free times ({zone})
      </Text>
      {slots.isPending && <Text size="sm">Looking for free times…</Text>}
      {slots.isError && <QueryError title={MSG.fetchDefenseFailed} query={slots} />}
      {slots.data?.length === 0 && <Text size="sm">No free time in the next 14 days.</Text>}
      {slots.data?.map((s) => (
        <Group key={`${s.startsAt}-${s.room.id}`} justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">
            {slotWords(s, zone)} · {s.room.name}
          </Text>
          <Button
            size="xs"
            variant="light"
            disabled={busy}
            onClick={() => book(s)}
            aria-label={`Book ${slotWords(s, zone)} in ${s.room.name}`}
          >
            Book
          </Button>
        </Group>
      ))}
      <Group>
        <Button variant="subtle" size="xs" onClick={() => setOpen(false)}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
