import { showFailure } from "@client/lib/forms";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";

/**
 * An account form checked against its shared `schema` before anything is sent, and the refusal
 * that belongs to no field, for above the form. `send` gets the values and where a refusal goes:
 * at its field when the server named one, otherwise above the form.
 */
export function useAccountForm<V extends Record<string, unknown>>(
  initialValues: V,
  schema: Parameters<typeof schemaResolver>[0],
  send: (values: V, onError: (error: unknown) => void) => void,
) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<V>({
    mode: "uncontrolled",
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
  });
  const onSubmit = form.onSubmit((values) => {
    setError(null);
    send(values, (e) => showFailure(form, e, setError));
  });
  return { form, error, onSubmit };
}
