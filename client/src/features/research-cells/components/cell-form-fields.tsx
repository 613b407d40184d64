import { growingText } from "@client/lib/forms";
import { Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { LIMITS } from "@shared/limits";
import type { CellInput } from "@shared/schemas/cells";

/** Title and Description, shared by Add Research Cell and the edit dialog. */
export function CellFormFields({ form }: { form: UseFormReturnType<CellInput> }) {
  return (
    <>
      <TextInput
        label="Title"
        required
        maxLength={LIMITS.cellTitleMax}
        {...form.getInputProps("title")}
        key={form.key("title")}
      />
      <Textarea
        label="Description"
        required
        {...growingText(3, 8, LIMITS.cellDescriptionMax)}
        {...form.getInputProps("description")}
        key={form.key("description")}
      />
    </>
  );
}
