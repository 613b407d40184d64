import { EmptyState as MantineEmptyState, Paper } from "@mantine/core";
import type { ComponentType, ReactNode } from "react";

/** A Tabler icon (or anything drawn the same way): the empty state sizes it. */
export type Icon = ComponentType<{ size?: number | string; stroke?: number; "aria-hidden"?: boolean }>;

/**
 * What every empty list shows, the same on every screen: an icon in a light circle, a short
 * title, what will appear here and, where there is one, the next step (a button or a link).
 * On its own it is a bordered panel; inside a card, a modal or a list's own frame, pass
 * `framed={false}`. `compact` is the smaller size for a card's or a side panel's list.
 */
export function EmptyState({
  icon: IconComponent,
  title,
  description,
  action,
  framed = true,
  compact = false,
}: {
  icon: Icon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  framed?: boolean;
  compact?: boolean;
}) {
  const body = (
    <MantineEmptyState
      size={compact ? "sm" : "md"}
      icon={<IconComponent size={compact ? 22 : 28} stroke={1.6} aria-hidden />}
      withIndicatorBackground
      title={title}
      description={description}
      py={framed ? undefined : compact ? "sm" : "lg"}
      data-empty-state
    >
      {action && <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions>}
    </MantineEmptyState>
  );
  if (!framed) return body;
  return (
    <Paper withBorder radius="md" p={compact ? "lg" : "xl"}>
      {body}
    </Paper>
  );
}
