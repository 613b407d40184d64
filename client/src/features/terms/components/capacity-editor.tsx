import { errorMessage, isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { Button, Group, NumberInput } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { capacityInputSchema, type SupervisorLoad } from "@shared/schemas/terms";
import { useState } from "react";
import { useClearCapacity, useSetCapacity } from "../api/use-capacity";

/**
 * A supervisor's own places in the term: Save sets them (PUT), "Use term default" removes them
 * (DELETE). It starts from the capacity in force; the panel remounts it when that changes.
 */
export function CapacityEditor({ termId, row }: { termId: string; row: SupervisorLoad }) {
  const [value, setValue] = useState<number | string>(row.capacity ?? "");
  const [error, setError] = useState<string | null>(null);
  const save = useSetCapacity();
  const clear = useClearCapacity();
  const target = { termId, supervisorId: row.supervisorId };

  const onSave = () => {
    const parsed = capacityInputSchema.safeParse({ capacity: value === "" ? null : Number(value) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    save.mutate(
      { ...target, capacity: parsed.data.capacity },
      {
        onSuccess: () => notify.success(MSG.capacitySaved(row.name)),
        onError: (e) => {
          const field = isApiError(e) ? e.fields.capacity : undefined;
          if (field) setError(field);
          else notify.error(errorMessage(e));
        },
      },
    );
  };
  const onClear = () =>
    clear.mutate(target, {
      onSuccess: () => notify.success(MSG.capacityCleared(row.name)),
      onError: (e) => notify.error(errorMessage(e)),
    });

  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <NumberInput
        aria-label={`Places for ${row.name}`}
        placeholder="Places"
        w={110}
        min={0}
        max={LIMITS.capacityMax}
        allowDecimal={false}
        allowNegative={false}
        value={value}
        error={error}
        onChange={(v) => {
          setValue(v);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") onSave();
        }}
      />
      <Button
        variant="light"
        onClick={onSave}
        loading={save.isPending}
        aria-label={`Save places for ${row.name}`}
      >
        Save
      </Button>
      {row.override && (
        <Button
          variant="subtle"
          color="gray"
          onClick={onClear}
          loading={clear.isPending}
          aria-label={`Use term default for ${row.name}`}
        >
          Use term default
        </Button>
      )}
    </Group>
  );
}
