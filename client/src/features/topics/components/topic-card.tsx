import { Badge, Group, Paper, Spoiler, Stack, Text, Title } from "@mantine/core";
import type { Topic } from "@shared/schemas/allocation";
import type { ReactNode } from "react";

const places = (n: number) => `${n} place${n === 1 ? "" : "s"}`;

/** One topic: its title, type, supervisor, research cell, places and description (long ones folded). */
export function TopicCard({
  topic: t,
  actions,
  extra,
}: {
  topic: Topic;
  actions?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Paper component="article" withBorder radius="md" p="md" h="100%" aria-label={t.title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} fz="md" style={{ overflowWrap: "anywhere" }}>
            {t.title}
          </Title>
          <Group gap={4} wrap="nowrap">
            {t.withdrawn && (
              <Badge color="gray" variant="filled">
                Withdrawn
              </Badge>
            )}
            <Badge variant="light">{t.type}</Badge>
          </Group>
        </Group>
        <Text size="sm">
          {t.supervisor.name} · {t.researchCell.title} · {places(t.capacity)}
        </Text>
        <Spoiler maxHeight={72} showLabel="Show more" hideLabel="Show less">
          <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {t.description}
          </Text>
        </Spoiler>
        {extra}
        {actions && (
          <Group gap="xs" justify="flex-end">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
