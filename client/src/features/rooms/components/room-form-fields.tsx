import { growingText } from "@client/lib/forms";
import { NumberInput, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { LIMITS } from "@shared/limits";
import type { RoomInput } from "@shared/schemas/rooms";

/** Name, Capacity and Notes, shared by Add room and the edit dialog. */
export function RoomFormFields({ form }: { form: UseFormReturnType<RoomInput> }) {
  return (
    <>
      <TextInput
        label="Name"
        required
        maxLength={LIMITS.roomNameMax}
        {...form.getInputProps("name")}
        key={form.key("name")}
      />
      <NumberInput
        label="Capacity"
        description="People it seats"
        required
        min={1}
        max={LIMITS.roomCapacityMax}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps("capacity")}
        key={form.key("capacity")}
      />
      <Textarea
        label="Notes"
        description="Where it is, what it has"
        {...growingText(1, 4, LIMITS.roomNotesMax)}
        {...form.getInputProps("notes")}
        key={form.key("notes")}
      />
    </>
  );
}
