import { FormError } from "@client/components/auth-card";
import {
  Button,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  TextInput,
  type TextInputProps,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { LIMITS } from "@shared/limits";
import type { FormEvent, ReactNode } from "react";

/**
 * One field of an account form: filled in (required), bound to `form` by its `path` (value, error,
 * handlers), and keyed by the form so that a reset redraws it (the forms are uncontrolled).
 */
type Bound<V> = { form: UseFormReturnType<V>; path: keyof V & string };

export function TextField<V>({ form, path, ...props }: Bound<V> & Omit<TextInputProps, "form">) {
  return <TextInput required {...props} {...form.getInputProps(path)} key={form.key(path)} />;
}

export function PasswordField<V>({ form, path, ...props }: Bound<V> & Omit<PasswordInputProps, "form">) {
  return <PasswordInput required {...props} {...form.getInputProps(path)} key={form.key(path)} />;
}

/** A password being chosen, with how long it must be. */
export function NewPasswordField<V>(props: Bound<V> & Omit<PasswordInputProps, "form">) {
  return (
    <PasswordField
      description={`At least ${LIMITS.passwordMin} characters.`}
      autoComplete="new-password"
      {...props}
    />
  );
}

/** Email: the address one signs in with. */
export function EmailField<V extends { email: string }>(
  props: Omit<Bound<V>, "path"> & Omit<TextInputProps, "form"> & { ref?: React.Ref<HTMLInputElement> },
) {
  return <TextField<V> path="email" label="Email" type="email" autoComplete="email" {...props} />;
}

/** An account form: the refusal that belongs to no field above it, its fields, one full-width submit. */
export function AccountForm({
  onSubmit,
  error,
  submit,
  busy,
  disabled,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  error: string | null;
  /** The submit button's words. */
  submit: string;
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormError message={error} />
        {children}
        <Button type="submit" fullWidth loading={busy} disabled={disabled}>
          {submit}
        </Button>
      </Stack>
    </form>
  );
}
