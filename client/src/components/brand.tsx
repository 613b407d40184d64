import { Group, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import { IconSchool } from "@tabler/icons-react";
import { Link } from "react-router";

export function Brand({ to = "/" }: { to?: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label="ThesisDesk home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="filled">
          <IconSchool size={20} />
        </ThemeIcon>
        <Text fw={800} size="lg">
          ThesisDesk
        </Text>
      </Group>
    </UnstyledButton>
  );
}
