import { Button, type ButtonProps, Group, type MantineSpacing } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The foot of a dialog: "Cancel" and the dialog's own action, on the right. The action submits
 * the dialog's form unless it has its own `onClick`; while `busy` it spins and Cancel waits with it
 * (unless `cancelWhileBusy`).
 */
export function DialogButtons({
  onCancel,
  confirm,
  busy = false,
  cancelWhileBusy = false,
  mt,
  ...confirmProps
}: ButtonProps & {
  onCancel: () => void;
  /** The action's name. */
  confirm: ReactNode;
  busy?: boolean;
  cancelWhileBusy?: boolean;
  mt?: MantineSpacing;
  onClick?: () => void;
  "data-autofocus"?: boolean;
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={busy && !cancelWhileBusy}>
        Cancel
      </Button>
      <Button type={confirmProps.onClick ? "button" : "submit"} loading={busy} {...confirmProps}>
        {confirm}
      </Button>
    </Group>
  );
}
