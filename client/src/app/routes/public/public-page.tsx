import { Anchor, Container, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * An information page of the public site: the browser tab's title, the page's heading with its
 * lead text (and an icon above them on the notices), then its sections. `wide` is the Features
 * page's larger frame.
 */
export function PublicPage({
  title,
  tabTitle = title,
  icon,
  lead,
  wide = false,
  headerExtra,
  children,
}: {
  title: string;
  /** The tab's name, when it is shorter than the heading ("Privacy" for "Privacy notice"). */
  tabTitle?: string;
  icon?: ReactNode;
  lead: ReactNode;
  wide?: boolean;
  /** Under the lead text, inside the heading block. */
  headerExtra?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${tabTitle} · ThesisDesk`);
  return (
    <Container size={wide ? "lg" : "md"} py="xl">
      <Stack gap={wide ? 48 : "xl"}>
        <Stack gap="sm" maw={wide ? 720 : undefined}>
          {icon && (
            <ThemeIcon variant="light" size={48} radius="md">
              {icon}
            </ThemeIcon>
          )}
          <Title order={1}>{title}</Title>
          <Text size="lg" c="dimmed">
            {lead}
          </Text>
          {headerExtra}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** A titled section of a notice (privacy, terms, cookies). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A link to another page of the site inside running text. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to}>
      {children}
    </Anchor>
  );
}
