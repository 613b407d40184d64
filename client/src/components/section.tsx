import { Group, Paper, Stack, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

/**
 * A titled part of a page (the proposal's, the thesis's): a region named by its heading, so it can be
 * reached by it. `compact` (a working screen's parts, the ranking's) keeps less padding, and what
 * is beside the heading (a button) is centred on it.
 */
export function Section({
  title,
  children,
  aside,
  compact = false,
}: {
  title: ReactNode;
  children: ReactNode;
  /** Beside the heading (a count, a note). */
  aside?: ReactNode;
  compact?: boolean;
}) {
  const id = useId();
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={compact ? { base: "sm", sm: "md" } : { base: "md", sm: "lg" }}
      aria-labelledby={id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align={compact ? undefined : "baseline"} gap="xs">
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
