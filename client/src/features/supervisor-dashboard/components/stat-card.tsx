import { Group, Paper, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * One count on the dashboard; the whole card is the button that opens its details. Its name is
 * its visible text, read in order ("Thesis Groups: 2 Click for details"), so what a speech user
 * reads off the card is what names the button (WCAG 2.5.3, label in name); only the colon, heard
 * and not seen, is added between the label and the count. With `to` instead of `onClick` the
 * card is a link to another screen, and its hint says so.
 */
export function StatCard({
  label,
  value,
  icon,
  color,
  ...target
}: {
  label: string;
  value: number;
  icon: ReactNode;
  color: string;
} & ({ onClick: () => void; to?: never } | { to: string; hint: string; onClick?: never })) {
  const style = { display: "block", width: "100%", height: "100%" };
  const card = (
    <Paper withBorder p="lg" radius="md" h="100%" style={{ cursor: "pointer" }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {label}
            <VisuallyHidden>:</VisuallyHidden>
          </Text>{" "}
          <Text fw={700} fz={32} lh={1.2} mt={4} data-testid={`stat-${label}`}>
            {value}
          </Text>
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color} style={{ flexShrink: 0 }} aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>{" "}
      <Text size="xs" c="dimmed" mt="sm">
        {target.to === undefined ? "Click for details" : target.hint}
      </Text>
    </Paper>
  );
  return target.to === undefined ? (
    <UnstyledButton onClick={target.onClick} style={style}>
      {card}
    </UnstyledButton>
  ) : (
    <UnstyledButton component={Link} to={target.to} style={style}>
      {card}
    </UnstyledButton>
  );
}
