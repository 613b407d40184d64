import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** One entry of the proposal's record (a step of its timeline, a version), marked at its left. */
export function Entry({ mark, children }: { mark: string; children: ReactNode }) {
  return (
    <Stack component="li" gap={4} pl="sm" style={{ borderLeft: `3px solid var(--mantine-color-${mark})` }}>
      {children}
    </Stack>
  );
}

/** The note an entry carries, in its writer's words. */
export function EntryNote({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      <Text span size="sm" c="dimmed">
        Note:{" "}
      </Text>
      {note}
    </Text>
  );
}
