import { DialogButtons } from "@client/components/dialog-buttons";
import { type ButtonProps, Modal, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";

/**
 * The confirmation step of an action on the proposal page: what will happen, any fields the action
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
          />
        </Stack>
      </form>
    </Modal>
  );
}
