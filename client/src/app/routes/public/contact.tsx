import { Alert, Card, Group, List, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBuilding, IconClock, IconInfoCircle, IconMail, IconUsersGroup } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { PageLink, PublicPage } from "./public-page";

/** A placeholder: each department replaces it with its own address. */
const EXAMPLE_EMAIL = "thesisdesk@your-university.example";

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="sm" wrap="nowrap" mb="sm">
        <ThemeIcon variant="light" size={36} radius="md">
          {icon}
        </ThemeIcon>
        <Title order={2} size="h4">
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}

export default function ContactPage() {
  return (
    <PublicPage
      title="Contact"
      lead="ThesisDesk is run by your department. Its administrators are the members of the thesis committee, who work with the department office."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ContactCard icon={<IconBuilding size={20} />} title="Department office">
          <Text size="sm">
            Visit or call your department office and ask for the ThesisDesk administrators (the thesis
            committee). The office can pass your request on if the committee is not available.
          </Text>
        </ContactCard>

        <ContactCard icon={<IconMail size={20} />} title="Email">
          <Text size="sm">
            Write to your department's ThesisDesk address, for example{" "}
            <Text span fw={600} ff="monospace" size="sm">
              {EXAMPLE_EMAIL}
            </Text>
            . Send it from your university email and include your name and student ID.
          </Text>
        </ContactCard>

        <ContactCard icon={<IconClock size={20} />} title="Office hours">
          <Text size="sm">
            Usually on working days during the semester, for example Monday to Friday, 9:00 to 16:00. Expect
            slower answers during exam periods and holidays.
          </Text>
        </ContactCard>

        <ContactCard icon={<IconUsersGroup size={20} />} title="What the committee can help with">
          <List size="sm" spacing={4}>
            <List.Item>Sending you a new password link when the email did not come</List.Item>
            <List.Item>Correcting your name or email</List.Item>
            <List.Item>Research cells without supervisors</List.Item>
            <List.Item>Supervisor and committee accounts</List.Item>
          </List>
        </ContactCard>
      </SimpleGrid>

      <Alert variant="light" icon={<IconInfoCircle size={18} />} title="For the department">
        The address and hours above are examples. The department running this copy of ThesisDesk replaces them
        with its own contact details.
      </Alert>

      <Text size="sm" c="dimmed">
        Questions about your proposal itself — its topic, its feedback or the next steps — are best asked to
        your supervisor in your group chat. Many common questions are answered on the{" "}
        <PageLink to="/support">Support</PageLink> page.
      </Text>
    </PublicPage>
  );
}
