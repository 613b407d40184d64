import { FigureText } from "@client/components/figure";
import { Group, Paper, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import classes from "./figure-card.module.css";

/**
 * One figure of the dashboard. With `to` it is a link to the list behind the figure, named by
 * its visible label and number ("Pending 5"); otherwise a group named "Pending: 5".
 */
export function FigureCard({
  label,
  value,
  icon,
  color,
  to,
}: {
  label: string;
  value: number;
  icon: ReactNode;
  color: string;
  to?: string;
}) {
  const body = (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <div style={{ minWidth: 0 }}>
        <FigureText label={label} value={value} />
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
  );
  if (to)
    return (
      <Paper
        withBorder
        p="md"
        radius="md"
        component={Link}
        to={to}
        // Named by what it shows, label then number (WCAG 2.5.3, label in name).
        className={classes.link}
      >
        {body}
      </Paper>
    );
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={`${label}: ${value}`}>
      {body}
    </Paper>
  );
}
