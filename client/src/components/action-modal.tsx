import { DialogButtons } from "@client/components/dialog-buttons";
import { growingText } from "@client/lib/forms";
import { Button, type ButtonProps, Modal, Stack, Textarea, type TextareaProps } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";

/**
 * The confirmation step of an action on a page (a proposal's, a thesis's): what will happen, any fields the action
 * carries, and the action's own button beside "Cancel". A form, so Enter in a field confirms too.
 */
export function ActionModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  confirmColor,
  onConfirm,
  loading = false,
  confirmDisabled = false,
  focusConfirm = false,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: ButtonProps["color"];
  onConfirm: () => void;
  loading?: boolean;
  confirmDisabled?: boolean;
  /** A confirmation without fields: its own button takes the focus when it opens. */
  focusConfirm?: boolean;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!loading && !confirmDisabled) onConfirm();
  };
  return (
    <Modal opened={opened} onClose={loading ? () => {} : onClose} title={title} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {children}
          <DialogButtons
            onCancel={onClose}
            busy={loading}
            confirm={confirmLabel}
            color={confirmColor}
            disabled={confirmDisabled}
            data-autofocus={focusConfirm || undefined}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * What an ActionModal takes from the action it confirms: whether it is open and what closes it (the
 * page's, so that the action's answer can close it), what confirming does (`send`: the action sent,
 * after any checks of the dialog's fields), and `loading` while the action is on its way.
 */
export const confirming = (
  { opened, onClose }: { opened: boolean; onClose: () => void },
  action: { isPending: boolean },
  send: () => void,
) => ({ opened, onClose, onConfirm: send, loading: action.isPending });

/**
 * A button that opens its ActionModal: `onOpen` sets the dialog's fields afresh and opens it (the
 * caller keeps `opened`, so that the action's answer can close it).
 */
export function ActionDialog({
  button,
  onOpen,
  ...modal
}: Parameters<typeof ActionModal>[0] & {
  button: Omit<ButtonProps, "onClick"> & { children: ReactNode };
  onOpen: () => void;
}) {
  return (
    <>
      <Button {...button} onClick={onOpen} />
      <ActionModal {...modal} />
    </>
  );
}

/**
 * A value an action's dialog asks for (a text, a choice) with its error: back to `initial`, the
 * error gone, each time `open` turns to something (the dialog opens, with its row); with no
 * `open`, kept between openings.
 */
export function useActionValue<T>(initial: T, open?: unknown) {
  const [value, setValue] = useState<T>(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setValue(initial);
      setError(null);
    }
  }, [open, initial]);
  return { value, setValue, error, setError };
}

/**
 * A field bound to such a value by the value itself (a Select's choice): `value`, `error`, and an
 * `onChange` that takes the new value and lets the error go.
 */
export const actionValueProps = <T,>({
  value,
  setValue,
  error,
  setError,
}: ReturnType<typeof useActionValue<T>>) => ({
  value,
  error,
  onChange: (next: T) => {
    setValue(next);
    setError(null);
  },
});

/**
 * A text an action carries (feedback, a reason) with its error; with `opened`, cleared each time
 * the modal opens, otherwise kept between openings.
 */
export const useActionText = (opened?: boolean) => useActionValue("", opened);

const SIZE = {
  feedback: growingText(3, 8, LIMITS.feedbackMax),
  reason: growingText(2, 6, LIMITS.reasonMax),
};

/** The field of that text, first in its modal: its error goes as it is edited. */
export function ActionText({
  kind,
  text,
  ...props
}: TextareaProps & { kind: keyof typeof SIZE; text: ReturnType<typeof useActionText> }) {
  return (
    <Textarea
      {...SIZE[kind]}
      value={text.value}
      error={text.error}
      onChange={(e) => {
        text.setValue(e.currentTarget.value);
        text.setError(null);
      }}
      data-autofocus
      {...props}
    />
  );
}
