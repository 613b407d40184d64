import { Anchor, Box, Button, Center, Container, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { Component, type ReactNode, useEffect } from "react";
import { Link } from "react-router";

/** After a new release, a tab opened earlier may ask for page chunks that no longer exist. */
function isStaleChunk(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

function explain(error: unknown): string {
  if (isStaleChunk(error)) {
    return "ThesisDesk may have been updated since this page was opened. Reloading the page should fix it.";
  }
  return "An unexpected error stopped this page from loading. Reloading usually helps; if it keeps happening, contact your department.";
}

/**
 * Around the routes: a page that throws while rendering (or whose code cannot be loaded) shows
 * RouteError; going to another address tries again.
 */
export class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { error: unknown; at: string | null }
> {
  state = { error: null as unknown, at: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; at: string | null }) {
    if (state.error === null) return null;
    if (state.at === null) return { at: props.pathname };
    return state.at === props.pathname ? null : { error: null, at: null };
  }
  render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** A calm message, never a stack trace. */
export function RouteError({ error }: { error: unknown }) {
  useDocumentTitle("Something went wrong · ThesisDesk");

  useEffect(() => {
    // The details belong in the developer console, not on the screen.
    if (import.meta.env.DEV) console.error(error);
  }, [error]);

  return (
    <Box mih="100vh" component="main">
      <Center mih="100vh">
        <Container size="sm" py="xl">
          <Stack align="center" ta="center" gap="md" role="alert">
            <ThemeIcon variant="light" color="red" size={64} radius="xl">
              <IconAlertTriangle size={34} />
            </ThemeIcon>
            <Title order={1}>Something went wrong</Title>
            <Text c="dimmed" maw={480}>
              {explain(error)}
            </Text>
            <Group gap="sm" justify="center">
              <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
                Reload
              </Button>
              <Anchor component={Link} to="/" reloadDocument>
                Go to the home page
              </Anchor>
            </Group>
          </Stack>
        </Container>
      </Center>
    </Box>
  );
}
