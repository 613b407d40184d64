import { ActionModal } from "@client/components/action-modal";
import { errorMessage, isApiError } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import { useTimeZone } from "@client/lib/dates";
import { notify } from "@client/lib/notify";
import { roomQueries } from "@client/lib/queries/rooms";
import { userQueries } from "@client/lib/queries/users";
import { Checkbox, Group, NumberInput, Radio, Select, TextInput } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Defense } from "@shared/schemas/defenses";
import { utcToWall, wallToUtc } from "@shared/time";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useMoveDefense, useScheduleDefense } from "../api/use-defense";

type Errors = Partial<Record<"startsAt" | "minutes" | "roomId" | "onlineUrl" | "chairId", string>>;

/**
 * Schedule a thesis's defense, or move one (`defense` given): its start in the department's zone,
 * its minutes (none: the term's), a room of the committee's list or an online link, public or
 * closed. A field's refusal is shown at it; a busy room or person (409) is said and the dialog stays.
 */
export function DefenseForm({
  thesisId,
  defense,
  opened,
  onClose,
}: {
  thesisId: string;
  defense?: Defense;
  opened: boolean;
  onClose: () => void;
}) {
  const zone = useTimeZone();
  const rooms = useQuery(roomQueries.list());
  // The chair is chosen by the committee, who may list its accounts (the active ones may chair).
  const committee = useUser().role === "committee";
  const chairs = useQuery({
    ...userQueries.list({ role: "committee", q: "", page: 1, pageSize: 100, sort: "name", order: "asc" }),
    enabled: committee,
  });
  const [chairId, setChairId] = useState<string | null>(defense?.chair?.id ?? null);
  const schedule = useScheduleDefense(thesisId);
  const move = useMoveDefense();
  const [wall, setWall] = useState(defense ? utcToWall(defense.startsAt, zone) : "");
  const [minutes, setMinutes] = useState<number | string>(defense?.minutes ?? "");
  const [where, setWhere] = useState<"room" | "online">(defense?.onlineUrl ? "online" : "room");
  const [roomId, setRoomId] = useState<string | null>(defense?.room?.id ?? null);
  const [onlineUrl, setOnlineUrl] = useState(defense?.onlineUrl ?? "");
  const [isPublic, setPublic] = useState(defense?.public ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const label = defense ? "Move defense" : "Schedule defense";

  const confirm = () => {
    const startsAt = wallToUtc(wall, zone);
    if (!startsAt) return setErrors({ startsAt: MSG.defenseStartsAtInvalid });
    const place =
      where === "room"
        ? { roomId: roomId ?? undefined, onlineUrl: defense ? null : undefined }
        : { onlineUrl: onlineUrl.trim(), roomId: defense ? null : undefined };
    if (where === "room" && !roomId) return setErrors({ roomId: MSG.defensePlaceRequired });
    const body = {
      startsAt,
      ...(typeof minutes === "number" ? { minutes } : {}),
      ...place,
      public: isPublic,
      ...(committee && (chairId || defense) ? { chairId } : {}),
    };
    const handlers = {
      onSuccess: () => {
        notify.success(defense ? MSG.defenseMoved : MSG.defenseScheduled);
        onClose();
      },
      onError: (e: unknown) => {
        const fields = isApiError(e) ? (e.fields as Errors) : {};
        if (Object.keys(fields).length) setErrors(fields);
        else notify.error(`${MSG.saveDefenseFailed} ${errorMessage(e)}`);
      },
    };
    // A move sends the place only when it is another one.
    if (defense) move.mutate({ id: defense.id, ...body }, handlers);
    else schedule.mutate(body, handlers);
  };

  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      title={label}
      confirmLabel={label}
      onConfirm={confirm}
      loading={schedule.isPending || move.isPending}
    >
      <TextInput
        type="datetime-local"
        label="Starts"
        description={`In ${zone}.`}
        required
        value={wall}
        onChange={(e) => {
          setWall(e.currentTarget.value);
          setErrors({});
        }}
        error={errors.startsAt}
      />
      <NumberInput
        label="Minutes"
        description="Empty: the term's defense length."
        min={15}
        max={480}
        allowDecimal={false}
        allowNegative={false}
        value={minutes}
        onChange={setMinutes}
        error={errors.minutes}
      />
      <Radio.Group label="Where" value={where} onChange={(v) => setWhere(v === "online" ? "online" : "room")}>
        <Group mt="xs">
          <Radio value="room" label="In a room" />
          <Radio value="online" label="Online" />
        </Group>
      </Radio.Group>
      {where === "room" ? (
        <Select
          label="Room"
          required
          placeholder={rooms.isPending ? "Loading rooms…" : "Choose a room"}
          data={(rooms.data?.items ?? []).map((r) => ({
            value: r.id,
            label: `${r.name} (${r.capacity} seats)`,
          }))}
          value={roomId}
          onChange={setRoomId}
          error={errors.roomId}
          searchable
        />
      ) : (
        <TextInput
          label="Online link"
          required
          type="url"
          placeholder="https://"
          value={onlineUrl}
          onChange={(e) => setOnlineUrl(e.currentTarget.value)}
          error={errors.onlineUrl}
        />
      )}
      {committee && (
        <Select
          label="Chair"
          description="Optional: a committee member."
          placeholder="No chair"
          clearable
          searchable
          data={(chairs.data?.items ?? [])
            .filter((u) => !u.deactivatedAt)
            .map((u) => ({ value: u.id, label: u.name }))}
          value={chairId}
          onChange={setChairId}
          error={errors.chairId}
        />
      )}
      <Checkbox
        label="Public (anyone may attend)"
        checked={isPublic}
        onChange={(e) => setPublic(e.currentTarget.checked)}
      />
    </ActionModal>
  );
}
