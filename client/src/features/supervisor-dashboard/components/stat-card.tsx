import { Group, Paper, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import type { ReactNode } from "react";

/** One count on the dashboard; the whole card is the button that opens its details. */
export function StatCard({
  label,
  value,
  icon,
  color,
  onClick,
}: {
  label: string;
  value: number;
  icon: ReactNode;
  color: string;
  onClick: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      aria-label={`${label}: ${value}`}
      style={{ display: "block", width: "100%" }}
    >
      <Paper withBorder p="lg" radius="md" style={{ cursor: "pointer" }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {label}
            </Text>
            <Text fw={700} fz={32} lh={1.2} mt={4} data-testid={`stat-${label}`}>
              {value}
            </Text>
          </div>
          <ThemeIcon size={44} radius="md" variant="light" color={color}>
            {icon}
          </ThemeIcon>
        </Group>
        <Text size="xs" c="dimmed" mt="sm">
          Click for details
        </Text>
      </Paper>
    </UnstyledButton>
  );
}
