import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconBuildingBank,
  IconCode,
  IconFileSpreadsheet,
  IconMailOff,
  IconServer,
  IconTargetArrow,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageLink, PublicPage } from "./public-page";

const REPLACES: { title: string; icon: ReactNode; text: string }[] = [
  {
    title: "No more spreadsheets",
    icon: <IconFileSpreadsheet size={22} />,
    text: "Groups, research cells and supervisors live in one database instead of copies of a sheet that drift apart.",
  },
  {
    title: "No more lost emails",
    icon: <IconMailOff size={22} />,
    text: "Proposals, decisions, feedback and notices are recorded where the whole group can find them later.",
  },
  {
    title: "One clear answer",
    icon: <IconTargetArrow size={22} />,
    text: "Every proposal is Pending, Approved or Denied, and everyone involved sees the same status at the same time.",
  },
];

const PRINCIPLES: { title: string; icon: ReactNode; text: string }[] = [
  {
    title: "Run by your department",
    icon: <IconBuildingBank size={22} />,
    text: "The department's committee creates the research cells, adds supervisors and committee members, and looks after student accounts. Questions about your account go to them.",
  },
  {
    title: "Self-hosted",
    icon: <IconServer size={22} />,
    text: "ThesisDesk runs on a server the department controls. Your proposals and messages stay there; they are not sent to an outside service.",
  },
  {
    title: "Open",
    icon: <IconCode size={22} />,
    text: "ThesisDesk is ordinary software that any department can install, inspect and run for itself, with a documented API.",
  },
];

export default function AboutPage() {
  return (
    <PublicPage
      title="About ThesisDesk"
      tabTitle="About"
      lead="ThesisDesk is where students of your department propose their final-year thesis or project, supervisors review those proposals, and the committee keeps track of who works with whom."
    >
      <Stack gap="sm">
        <Title order={2}>Why it exists</Title>
        <Text>
          Thesis and project proposals used to travel through spreadsheets, shared folders and long email
          threads. Students were unsure whether their proposal had arrived or been read, supervisors kept
          their own lists, and the committee had to piece together who was in which group. ThesisDesk replaces
          all of that with a single place: a student submits a proposal to a research cell and one of its
          supervisors, the supervisor approves or denies it with feedback, and the group and supervisor keep
          talking through notices and a group chat.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="sm">
          {REPLACES.map((item) => (
            <Card key={item.title} withBorder radius="md" padding="lg">
              <ThemeIcon variant="light" size={40} radius="md">
                {item.icon}
              </ThemeIcon>
              <Text fw={600} mt="sm">
                {item.title}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {item.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>

      <Stack gap="sm">
        <Title order={2}>Who runs it</Title>
        <Stack gap="md">
          {PRINCIPLES.map((item) => (
            <Group key={item.title} align="flex-start" wrap="nowrap" gap="md">
              <ThemeIcon variant="light" size={40} radius="md" color="teal">
                {item.icon}
              </ThemeIcon>
              <div>
                <Text fw={600}>{item.title}</Text>
                <Text size="sm" c="dimmed">
                  {item.text}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
        <Text size="sm" c="dimmed">
          How your data is handled is described in the <PageLink to="/privacy">privacy notice</PageLink>.
        </Text>
      </Stack>

      <Group gap="sm">
        <Button component={Link} to="/features">
          See the features
        </Button>
        <Button component={Link} to="/contact" variant="default">
          Contact the department
        </Button>
      </Group>
    </PublicPage>
  );
}
