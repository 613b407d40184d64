import { Badge, Code, Paper, Table, Text } from "@mantine/core";
import { IconCookie } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { PageLink, PublicPage, Section } from "./public-page";

const SESSION_COOKIE = "thesisdesk.session_token";

const COOKIE_FACTS: { label: string; value: ReactNode }[] = [
  { label: "Name", value: <Code>{SESSION_COOKIE}</Code> },
  {
    label: "Type",
    value: (
      <Badge variant="light" color="teal">
        Essential
      </Badge>
    ),
  },
  { label: "Purpose", value: "Keeps you signed in as you move between pages." },
  { label: "Set by", value: "This ThesisDesk server only, when you log in or register." },
  {
    label: "Protection",
    value: "HttpOnly (scripts cannot read it), SameSite=Lax, and Secure when the site is served over HTTPS.",
  },
  { label: "Expires", value: "When you log out, or after 30 days without activity." },
  { label: "Contents", value: "A random session token; your details stay on the server." },
];

export default function CookiesPage() {
  return (
    <PublicPage
      title="Cookies"
      icon={<IconCookie size={26} />}
      lead="ThesisDesk uses exactly one cookie, and only to keep you signed in."
    >
      <Section title="The session cookie">
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" horizontalSpacing="md" variant="vertical">
            <Table.Tbody>
              {COOKIE_FACTS.map((fact) => (
                <Table.Tr key={fact.label}>
                  <Table.Th w={140}>{fact.label}</Table.Th>
                  <Table.Td>{fact.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Text size="sm" c="dimmed">
          Visitors who are not signed in receive no cookie at all.
        </Text>
      </Section>

      <Section title="No analytics or advertising cookies">
        <Text>
          ThesisDesk sets no analytics, tracking, advertising or social media cookies, and loads nothing from
          other websites that could set them.
        </Text>
      </Section>

      <Section title="Why there is no cookie banner">
        <Text>
          The session cookie is strictly necessary for signing in, which you ask for when you log in. Cookies
          like this do not need consent, so ThesisDesk does not show a consent banner. If you block cookies
          for this site, you will not be able to stay signed in.
        </Text>
      </Section>

      <Text size="sm" c="dimmed">
        More about how your data is handled is in the <PageLink to="/privacy">privacy notice</PageLink>.
      </Text>
    </PublicPage>
  );
}
