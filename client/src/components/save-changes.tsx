import { Button, Group } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";

/**
 * Save and Undo changes for an edited list (a ranking): Save only when something changed, Undo
 * only then too; both wait while the save is under way.
 */
export function SaveChanges({
  label,
  changed,
  saving,
  onSave,
  onUndo,
}: {
  /** The save button's words ("Save ranking"). */
  label: string;
  changed: boolean;
  saving: boolean;
  onSave: () => void;
  onUndo: () => void;
}) {
  return (
    <Group justify="flex-end" gap="xs">
      {changed && (
        <Button variant="default" onClick={onUndo} disabled={saving}>
          Undo changes
        </Button>
      )}
      <Button
        leftSection={<IconDeviceFloppy size={16} />}
        onClick={onSave}
        loading={saving}
        disabled={!changed}
      >
        {label}
      </Button>
    </Group>
  );
}
