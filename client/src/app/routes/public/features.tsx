import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconBell,
  IconBolt,
  IconBuildingCommunity,
  IconChartBar,
  IconChecklist,
  IconClipboardCheck,
  IconCookie,
  IconFileExport,
  IconFileText,
  IconKey,
  IconMailForward,
  IconMessages,
  IconPhoto,
  IconSchool,
  IconSearch,
  IconShieldCheck,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PublicPage } from "./public-page";

type Feature = { title: string; icon: ReactNode; text: string };
type FeatureGroup = {
  id: string;
  role: string;
  icon: ReactNode;
  color: string;
  intro: string;
  features: Feature[];
};

const GROUPS: FeatureGroup[] = [
  {
    id: "students",
    role: "For students",
    icon: <IconSchool size={22} />,
    color: "indigo",
    intro: "Everything you need to propose your thesis or project and follow it to a decision.",
    features: [
      {
        title: "Submit a proposal",
        icon: <IconFileText size={18} />,
        text: "Title, abstract and type (Thesis or Project), sent to a research cell and a supervisor assigned to that cell.",
      },
      {
        title: "Form your group",
        icon: <IconSearch size={18} />,
        text: "Find up to two fellow students by name or student ID and add them as group members.",
      },
      {
        title: "Follow the status",
        icon: <IconClipboardCheck size={18} />,
        text: "See whether your proposal is Pending, Approved or Denied, and read your supervisor's feedback.",
      },
      {
        title: "Notices",
        icon: <IconBell size={18} />,
        text: "Read the notices your supervisor sends to your group, with an unread count so nothing slips by.",
      },
      {
        title: "Group chat",
        icon: <IconMessages size={18} />,
        text: "Talk with your group members and your supervisor in one conversation per proposal.",
      },
      {
        title: "Your profile",
        icon: <IconUserCircle size={18} />,
        text: "Change your name, password and profile picture, and choose whether to receive email notifications.",
      },
    ],
  },
  {
    id: "supervisors",
    role: "For supervisors",
    icon: <IconChecklist size={22} />,
    color: "teal",
    intro: "Review the proposals addressed to you and stay in touch with your groups.",
    features: [
      {
        title: "Pending proposals",
        icon: <IconFileText size={18} />,
        text: "A list of the proposals waiting for your review, with the abstract, research cell and group members.",
      },
      {
        title: "Approve or deny",
        icon: <IconClipboardCheck size={18} />,
        text: "Decide once per proposal, with feedback for the group (required when you deny).",
      },
      {
        title: "Send notices",
        icon: <IconBell size={18} />,
        text: "Send a notice with a title and description to any of your groups; each member receives it.",
      },
      {
        title: "Group counts",
        icon: <IconChartBar size={18} />,
        text: "See how many thesis and project groups you supervise and which research cells you belong to.",
      },
      {
        title: "Group chat",
        icon: <IconMessages size={18} />,
        text: "Answer questions from your groups in the chat of each proposal.",
      },
    ],
  },
  {
    id: "committee",
    role: "For the committee",
    icon: <IconUsersGroup size={22} />,
    color: "grape",
    intro: "Run the people and research cells of your department.",
    features: [
      {
        title: "People",
        icon: <IconUsers size={18} />,
        text: "Browse, search and sort students, teachers and committee members, page by page.",
      },
      {
        title: "Add accounts",
        icon: <IconUserPlus size={18} />,
        text: "Add teachers and committee members; adding an account never signs you out.",
      },
      {
        title: "Research cells",
        icon: <IconBuildingCommunity size={18} />,
        text: "Create research cells and assign teachers to them, so students can choose the right supervisor.",
      },
      {
        title: "CSV export",
        icon: <IconFileExport size={18} />,
        text: "Export lists as CSV files for the department's records and meetings.",
      },
      {
        title: "Proposal figures",
        icon: <IconChartBar size={18} />,
        text: "See how many proposals are pending, approved and denied.",
      },
    ],
  },
];

const SAFETY: Feature[] = [
  {
    title: "Every request is checked",
    icon: <IconShieldCheck size={18} />,
    text: "The server checks the role and ownership behind every action; a record you may not see simply does not exist for you.",
  },
  {
    title: "Sessions on the server",
    icon: <IconCookie size={18} />,
    text: "Your session lives on the server behind one HttpOnly cookie, and changing your password signs out your other sessions.",
  },
  {
    title: "Strong password hashing",
    icon: <IconKey size={18} />,
    text: "Passwords are hashed with argon2id, and repeated failed sign-ins are slowed down.",
  },
  {
    title: "Pictures re-encoded",
    icon: <IconPhoto size={18} />,
    text: "Profile pictures are re-encoded on the server, so nothing uploaded is ever served as it was sent.",
  },
  {
    title: "No lost emails",
    icon: <IconMailForward size={18} />,
    text: "Email notifications go through an outbox and are retried if the mail server is briefly unavailable.",
  },
  {
    title: "Live updates",
    icon: <IconBolt size={18} />,
    text: "Decisions, notices and chat messages appear without reloading the page.",
  },
];

function FeatureCard({ feature, color }: { feature: Feature; color: string }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color={color} size={32} radius="md">
          {feature.icon}
        </ThemeIcon>
        <Text fw={600}>{feature.title}</Text>
      </Group>
      <Text size="sm" c="dimmed" mt="sm">
        {feature.text}
      </Text>
    </Card>
  );
}

function Section({
  id,
  title,
  icon,
  color,
  intro,
  features,
}: Omit<FeatureGroup, "role"> & { title: string }) {
  return (
    <Stack component="section" gap="md" aria-labelledby={`${id}-heading`}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="filled" color={color} size={40} radius="md">
          {icon}
        </ThemeIcon>
        <div>
          <Title order={2} id={`${id}-heading`}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {intro}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {features.map((f) => (
          <FeatureCard key={f.title} feature={f} color={color} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export default function FeaturesPage() {
  return (
    <PublicPage
      title="Features"
      wide
      lead="ThesisDesk gives each role exactly what it needs: students propose, supervisors decide, and the committee keeps the department's records in order."
      headerExtra={
        <Group gap="xs">
          {GROUPS.map((g) => (
            <Badge key={g.id} variant="light" color={g.color} component="a" href={`#${g.id}-heading`}>
              {g.role}
            </Badge>
          ))}
          <Badge variant="light" color="gray" component="a" href="#safety-heading">
            Safe by design
          </Badge>
        </Group>
      }
    >
      {GROUPS.map((g) => (
        <Section key={g.id} {...g} title={g.role} />
      ))}

      <Section
        id="safety"
        title="Safe by design"
        icon={<IconShieldCheck size={22} />}
        color="gray"
        intro="The server is the only authority; the browser is never trusted with a decision."
        features={SAFETY}
      />

      <Group gap="sm">
        <Button component={Link} to="/register">
          Register as a student
        </Button>
        <Button component={Link} to="/support" variant="default">
          Questions? Read the FAQ
        </Button>
      </Group>
    </PublicPage>
  );
}
