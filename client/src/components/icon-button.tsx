import { ActionIcon, type ActionIconProps, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * An icon's button: named for what it does to what (`aria-label`, "Edit Spring 2027"), with a
 * tooltip saying the action in a word for those who point at it. Subtle unless told otherwise.
 */
export function IconButton({
  tip,
  openDelay,
  children,
  ...props
}: ActionIconProps & {
  tip: string;
  openDelay?: number;
  "aria-label": string;
  onClick?: () => void;
  "data-control"?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tip} openDelay={openDelay}>
      <ActionIcon variant="subtle" {...props}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
