import { ActionModal, ActionText, type useActionText } from "@client/components/action-modal";
import { type LifeMutationOptions, textAfterRefusal } from "@client/lib/life-mutation";
import { notify } from "@client/lib/notify";
import { type ButtonProps, Text, type TextareaProps } from "@mantine/core";
import type { Proposal } from "@shared/schemas/proposals";
import type { ReactNode } from "react";
import type { z } from "zod";
import { fieldErrors } from "./field-errors";

/** What each of the proposal page's action dialogs is given. */
export type ModalProps = { proposal: Proposal; opened: boolean; onClose: () => void };

/**
 * The options of a step sent with one text (its mutation hook's): done, `said` is told and the
 * dialog closes; refused, a 400 at the text is shown there, a 409 or a 404 closes the dialog.
 */
export const textStep = <I, R>(
  kind: "reason" | "feedback",
  text: ReturnType<typeof useActionText>,
  onClose: () => void,
  said: (input: I) => string,
): LifeMutationOptions<I, R> => ({
  fields: [kind],
  onSuccess: (_result, input) => {
    notify.success(said(input));
    onClose();
  },
  onRefused: textAfterRefusal(kind, text, onClose),
});

/**
 * A step of the proposal's life confirmed in a dialog with one text (a reason, feedback): what will
 * happen (`lead`), then the text. The input (`input`, with the text) is checked with the step's
 * schema first, its message shown at the text; `check` may refuse what the schema lets through.
 */
export function TextStepModal<I>({
  kind,
  text,
  schema,
  input,
  check,
  step,
  lead,
  field,
  ...modal
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  confirmColor?: ButtonProps["color"];
  kind: "reason" | "feedback";
  text: ReturnType<typeof useActionText>;
  schema: z.ZodType<I>;
  input: Record<string, unknown>;
  check?: (input: I) => string | undefined;
  step: { mutate: (input: I) => void; isPending: boolean };
  lead: ReactNode;
  field: Omit<TextareaProps, "value" | "error" | "onChange">;
}) {
  const confirm = () => {
    const parsed = schema.safeParse({ ...input, [kind]: text.value });
    if (!parsed.success) return text.setError(fieldErrors(parsed.error)[kind] ?? null);
    const refused = check?.(parsed.data);
    if (refused) return text.setError(refused);
    step.mutate(parsed.data);
  };
  return (
    <ActionModal {...modal} onConfirm={confirm} loading={step.isPending}>
      <Text size="sm">{lead}</Text>
      <ActionText kind={kind} text={text} {...field} />
    </ActionModal>
  );
}
