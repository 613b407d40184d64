import { Group, Paper, Text, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";

/** One figure of the dashboard. */
export function FigureCard({
  label,
  value,
  icon,
  color,
}: {
  label: string;
  value: number;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={`${label}: ${value}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {label}
          </Text>
          <Text fw={700} fz={28} lh={1.2} mt={4}>
            {value.toLocaleString("en")}
          </Text>
        </div>
        {/* Two cards to a phone's row leave no room beside a label like "Supervisors": the icon,
            a decoration, shows from the xs breakpoint on rather than sticking out of the card. */}
        <ThemeIcon
          size={40}
          radius="md"
          variant="light"
          color={color}
          visibleFrom="xs"
          style={{ flexShrink: 0 }}
          aria-hidden
        >
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
