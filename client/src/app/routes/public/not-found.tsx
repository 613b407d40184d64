import { Button, Container, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconHome, IconMapQuestion } from "@tabler/icons-react";
import { Link } from "react-router";

/** Shown for unknown routes, inside the public layout and inside each role's AppShell. */
export default function NotFoundPage() {
  useDocumentTitle("Page not found · ThesisDesk");
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md" py="xl">
        <ThemeIcon variant="light" size={64} radius="xl" color="gray">
          <IconMapQuestion size={34} />
        </ThemeIcon>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" maw={460}>
          The page you asked for does not exist or has moved. Check the address, or start again from the home
          page.
        </Text>
        <Button component={Link} to="/" leftSection={<IconHome size={18} />}>
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
