import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import {
  IconArchive,
  IconArrowRight,
  IconChecklist,
  IconFileText,
  IconLogin,
  IconMessages,
  IconSchool,
  IconSend,
  IconServer,
  IconUserPlus,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

type RoleCard = { title: string; icon: ReactNode; color: string; intro: string; points: string[] };

const ROLE_CARDS: RoleCard[] = [
  {
    title: "Students",
    icon: <IconSchool size={24} />,
    color: "indigo",
    intro: "Propose your thesis or project and follow it to a decision.",
    points: [
      "Submit a thesis or project proposal with up to two group members",
      "Address it to a research cell and a supervisor of that cell",
      "Follow its status and read your supervisor's feedback",
      "Receive notices and chat with your group and supervisor",
    ],
  },
  {
    title: "Supervisors",
    icon: <IconChecklist size={24} />,
    color: "teal",
    intro: "Review the proposals addressed to you and guide your groups.",
    points: [
      "See pending proposals as soon as they arrive",
      "Approve or deny each one, with feedback for the group",
      "Send notices to your groups",
      "See how many thesis and project groups you have, and chat with them",
    ],
  },
  {
    title: "Committee",
    icon: <IconUsersGroup size={24} />,
    color: "grape",
    intro: "Run the people and research cells behind it all.",
    points: [
      "Manage students, teachers and committee members",
      "Create research cells and assign teachers to them",
      "Export lists as CSV for the department's records",
      "See proposal figures at a glance",
    ],
  },
];

const STEPS: { title: string; icon: ReactNode; text: string }[] = [
  {
    title: "Register",
    icon: <IconUserPlus size={14} />,
    text: "Create a student account with your name, university email and student ID.",
  },
  {
    title: "Submit",
    icon: <IconSend size={14} />,
    text: "Write a title and abstract, choose Thesis or Project, pick a research cell and a supervisor, and add your group members.",
  },
  {
    title: "Review",
    icon: <IconFileText size={14} />,
    text: "Your supervisor reads the proposal and approves or denies it, with feedback you can read straight away.",
  },
  {
    title: "Follow up",
    icon: <IconMessages size={14} />,
    text: "Keep in touch with your supervisor through notices and the group chat until the work is done.",
  },
];

const STATUSES: { label: string; color: string; text: string }[] = [
  { label: "Pending", color: "yellow", text: "Submitted and waiting for the supervisor's review." },
  { label: "Approved", color: "green", text: "Accepted by the supervisor; the group can get to work." },
  {
    label: "Denied",
    color: "red",
    text: "Not accepted, with feedback; the members are free to submit again.",
  },
];

function Hero() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} py={{ base: "lg", md: 48 }}>
      <Stack gap="lg" justify="center">
        <Badge variant="light" size="lg" w="fit-content" leftSection={<IconServer size={14} />}>
          Run by your department
        </Badge>
        <Title order={1} fz={{ base: 36, sm: 48 }} lh={1.1}>
          ThesisDesk
        </Title>
        <Text size="xl" c="dimmed">
          Thesis and project proposals in one place: students submit, supervisors review, and the committee
          keeps the records — no more spreadsheets and long email threads.
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/register" size="md" leftSection={<IconUserPlus size={18} />}>
            Register as a student
          </Button>
          <Button
            component={Link}
            to="/login"
            size="md"
            variant="default"
            leftSection={<IconLogin size={18} />}
          >
            Log in
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Supervisors and committee members receive their accounts from the committee.
        </Text>
        <Button
          component={Link}
          to="/archive"
          variant="subtle"
          w="fit-content"
          px={0}
          leftSection={<IconArchive size={16} />}
        >
          Browse the thesis archive
        </Button>
      </Stack>

      <Paper
        withBorder
        radius="lg"
        p="xl"
        shadow="sm"
        aria-label="Proposal statuses"
        style={{ alignSelf: "center" }}
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="light">
              <IconFileText size={22} />
            </ThemeIcon>
            <div>
              <Text fw={600}>Every proposal has one clear status</Text>
              <Text size="sm" c="dimmed">
                Everyone in the group sees the same answer.
              </Text>
            </div>
          </Group>
          {STATUSES.map((s) => (
            <Group key={s.label} gap="md" wrap="nowrap" align="flex-start">
              <Badge color={s.color} variant="light" w={96} style={{ flexShrink: 0 }}>
                {s.label}
              </Badge>
              <Text size="sm">{s.text}</Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

function Roles() {
  return (
    <Box component="section" py="xl" aria-labelledby="roles-heading">
      <Stack gap="xs" mb="xl" align="center" ta="center">
        <Title order={2} id="roles-heading">
          What ThesisDesk does for you
        </Title>
        <Text c="dimmed" maw={620}>
          One tool, three roles. Each person sees only what their role needs.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {ROLE_CARDS.map((role) => (
          <Card key={role.title} withBorder radius="lg" padding="xl">
            <ThemeIcon size={48} radius="md" variant="light" color={role.color}>
              {role.icon}
            </ThemeIcon>
            <Title order={3} size="h4" mt="md">
              {role.title}
            </Title>
            <Text size="sm" c="dimmed" mt={4} mb="md">
              {role.intro}
            </Text>
            <List size="sm" spacing="xs">
              {role.points.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Card>
        ))}
      </SimpleGrid>
    </Box>
  );
}

function HowItWorks() {
  return (
    <Box component="section" py="xl" aria-labelledby="how-heading">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
        <Stack gap="xs">
          <Title order={2} id="how-heading">
            How it works
          </Title>
          <Text c="dimmed">
            From the first idea to the supervisor's decision, every step happens in ThesisDesk, and everyone
            involved sees the same, current state of the proposal.
          </Text>
          <Button
            component={Link}
            to="/features"
            variant="subtle"
            w="fit-content"
            px={0}
            rightSection={<IconArrowRight size={16} />}
          >
            See all features
          </Button>
        </Stack>
        <Timeline active={STEPS.length - 1} bulletSize={28} lineWidth={2}>
          {STEPS.map((step) => (
            <Timeline.Item key={step.title} bullet={step.icon} title={<Text fw={600}>{step.title}</Text>}>
              <Text size="sm" c="dimmed">
                {step.text}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </SimpleGrid>
    </Box>
  );
}

function CallToAction() {
  return (
    <Paper
      component="section"
      radius="lg"
      p={{ base: "lg", sm: 40 }}
      my="xl"
      bg="var(--mantine-primary-color-light)"
    >
      <Group justify="space-between" gap="lg">
        <Stack gap={4} maw={560}>
          <Title order={2}>Ready to propose your thesis or project?</Title>
          <Text c="dimmed">
            Register with your student ID, find your group members and send your proposal to a supervisor.
          </Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to="/register" size="md">
            Register as a student
          </Button>
          <Button component={Link} to="/support" size="md" variant="default">
            Read the FAQ
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export default function LandingPage() {
  useDocumentTitle("ThesisDesk · Thesis and project proposals");
  return (
    <Container size="lg" py="xl">
      <Hero />
      <Roles />
      <HowItWorks />
      <CallToAction />
    </Container>
  );
}
