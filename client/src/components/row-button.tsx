import { Button, type ButtonProps } from "@mantine/core";
import type { Icon } from "./empty-state";

/**
 * A row's small action button ("Edit", "Move"), its icon before its word, named for its row
 * (`of`: "Edit Topic A") so that every row's button has its own accessible name.
 */
export function RowButton({
  label,
  of,
  icon: RowIcon,
  ...props
}: Omit<ButtonProps, "children" | "leftSection" | "size"> & {
  label: string;
  of: string;
  icon: Icon;
  onClick: () => void;
}) {
  return (
    <Button size="xs" leftSection={<RowIcon size={14} />} aria-label={`${label} ${of}`} {...props}>
      {label}
    </Button>
  );
}
