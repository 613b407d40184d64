import { TextInput, type TextInputProps } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { LIMITS } from "@shared/limits";

type Props = Omit<TextInputProps, "form">;

/**
 * A person's Name and Email, as the committee adds or corrects them (the same limits both ways);
 * `nameProps` and `emailProps` fit them to the form around them.
 */
export function PersonFields<V extends { name: string; email: string }>({
  form,
  nameProps,
  emailProps,
}: {
  form: UseFormReturnType<V>;
  nameProps?: Props;
  emailProps?: Props;
}) {
  return (
    <>
      <TextInput
        label="Name"
        required
        maxLength={LIMITS.nameMax}
        {...nameProps}
        {...form.getInputProps("name")}
        key={form.key("name")}
      />
      <TextInput
        label="Email"
        type="email"
        required
        {...emailProps}
        {...form.getInputProps("email")}
        key={form.key("email")}
      />
    </>
  );
}
