import { Group, Paper, Stack, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

/** A titled part of a page (the proposal's, the thesis's): a region named by its heading, so it can be reached by it. */
export function Section({
  title,
  children,
  aside,
}: {
  title: string;
  children: ReactNode;
  /** Beside the heading (a count, a note). */
  aside?: ReactNode;
}) {
  const id = useId();
  return (
    <Paper component="section" withBorder radius="md" p={{ base: "md", sm: "lg" }} aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
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
