import { schemaResolver, type UseFormReturnType, useForm } from "@mantine/form";
import { errorMessage, isApiError } from "./api";

/**
 * Puts a server refusal where people look: field messages next to their fields (the server's name
 * for a field read through `aliases` where the form calls it otherwise), and returns the message for
 * the rest (a notification or an alert).
 */
export function applyServerErrors<T>(
  form: UseFormReturnType<T>,
  error: unknown,
  aliases: Record<string, string> = {},
): { message: string; atField: boolean } {
  if (isApiError(error)) {
    const known = Object.entries(error.fields)
      .map(([k, v]) => [aliases[k] ?? k, v] as const)
      .filter(([k]) => k in (form.getValues() as object));
    if (known.length) form.setErrors(Object.fromEntries(known));
    return { message: error.message, atField: known.length > 0 };
  }
  return { message: errorMessage(error), atField: false };
}

/**
 * A refusal shown once, where it belongs: at its field when the server named one, otherwise (a
 * conflict, a lost connection: nothing to put it on) as a toast in the caller's words.
 */
export function showFailure<T>(
  form: UseFormReturnType<T>,
  error: unknown,
  toast: (message: string) => void,
  aliases?: Record<string, string>,
) {
  const { message, atField } = applyServerErrors(form, error, aliases);
  if (!atField) toast(message);
}

/**
 * The form of a record's fields (a room, a research cell, a person): uncontrolled, checked as it is
 * sent with the request's own schema, the one the server parses.
 */
export const useSchemaForm = <T extends Record<string, unknown>>(
  schema: Parameters<typeof schemaResolver>[0],
  initialValues: T,
) => useForm<T>({ mode: "uncontrolled", initialValues, validate: schemaResolver(schema, { sync: true }) });

/**
 * A Textarea's size, the same wherever that text is written: it grows with what is written from
 * `minRows` to `maxRows` lines, and takes at most `maxLength` characters (the server's limit).
 */
export const growingText = (minRows: number, maxRows: number, maxLength: number) => ({
  autosize: true,
  minRows,
  maxRows,
  maxLength,
});
