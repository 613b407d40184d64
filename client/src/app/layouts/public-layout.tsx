import { Brand } from "@client/components/brand";
import { PageLoader } from "@client/components/page-loader";
import { useMe } from "@client/lib/auth";
import { Anchor, Box, Button, Container, Divider, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { DASHBOARD_PATH } from "@shared/enums";
import { Suspense } from "react";
import { Link, Outlet } from "react-router";

export const FOOTER_LINKS = [
  { label: "Archive", to: "/archive" },
  { label: "About", to: "/about" },
  { label: "Features", to: "/features" },
  { label: "Support", to: "/support" },
  { label: "Contact", to: "/contact" },
  { label: "Privacy", to: "/privacy" },
  { label: "Terms", to: "/terms" },
  { label: "Cookies", to: "/cookies" },
];

function HeaderActions() {
  const { data: user } = useMe();
  if (user) {
    return (
      <Button component={Link} to={DASHBOARD_PATH[user.role]}>
        Go to dashboard
      </Button>
    );
  }
  return (
    // Beside the brand on one line down to a 360 px phone: narrower buttons below `xs`.
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to="/login" variant="default" px={{ base: 10, xs: 18 }}>
        Log in
      </Button>
      <Button component={Link} to="/register" px={{ base: 10, xs: 18 }}>
        Register
      </Button>
    </Group>
  );
}

export function PublicLayout() {
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <Box component="header" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Brand />
            <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Main">
              <Anchor component={Link} to="/archive" c="dimmed">
                Archive
              </Anchor>
              <Anchor component={Link} to="/features" c="dimmed">
                Features
              </Anchor>
              <Anchor component={Link} to="/about" c="dimmed">
                About
              </Anchor>
              <Anchor component={Link} to="/support" c="dimmed">
                Support
              </Anchor>
            </Group>
            <HeaderActions />
          </Group>
        </Container>
      </Box>

      <Box component="main" style={{ flex: 1 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>

      <Box
        component="footer"
        py="xl"
        bg="var(--mantine-color-gray-0)"
        style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}
      >
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap={4}>
              <Brand />
              <Text size="sm" c="dimmed" maw={380}>
                Thesis and project proposals for university departments, from the first idea to the
                committee's records.
              </Text>
            </Stack>
            <Group gap="md" justify="flex-end" component="nav" aria-label="Footer">
              {FOOTER_LINKS.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} size="sm" c="dimmed">
                  {l.label}
                </Anchor>
              ))}
            </Group>
          </SimpleGrid>
          <Divider my="md" />
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} ThesisDesk. Self-hosted by your department.
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
