import { Accordion, Button, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import {
  IconBell,
  IconCopy,
  IconEyeOff,
  IconKey,
  IconLifebuoy,
  IconPhoto,
  IconUserQuestion,
  IconUsers,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageLink, PublicPage } from "./public-page";

const MAX_PICTURE_MB = LIMITS.pictureBytesMax / (1024 * 1024);
const MAX_GROUP = LIMITS.extraMembersMax + 1;

type Faq = { id: string; icon: ReactNode; question: string; answer: ReactNode };

const FAQS: Faq[] = [
  {
    id: "forgot-password",
    icon: <IconKey size={16} />,
    question: "I forgot my password. What do I do?",
    answer: (
      <Text size="sm">
        Choose “Forgot password?” on the <PageLink to="/login">login page</PageLink> and enter your email: a
        link to choose a new password arrives by email, and works once, for one hour. If the email does not
        come, the committee can send you a new link. If you still know your password and just want a new one,
        change it under Profile — this also signs you out everywhere else.
      </Text>
    ),
  },
  {
    id: "cannot-see-proposal",
    icon: <IconEyeOff size={16} />,
    question: "I can't see my proposal.",
    answer: (
      <Text size="sm">
        Open Proposal Status from your dashboard. You see every proposal you created or were added to as a
        group member. If it is not there, check that you are signed in with the same account the proposal was
        created with, and ask the student who submitted it whether you were added to the group. Proposals are
        never shown to other students.
      </Text>
    ),
  },
  {
    id: "group-size",
    icon: <IconUsers size={16} />,
    question: "How many members can a group have?",
    answer: (
      <Text size="sm">
        Up to {MAX_GROUP}: the student who submits the proposal plus up to {LIMITS.extraMembersMax} other
        students. Each member must have a student account, so ask your group members to register first; you
        can then find them by name or student ID.
      </Text>
    ),
  },
  {
    id: "submit-twice",
    icon: <IconCopy size={16} />,
    question: "Can I submit more than one proposal?",
    answer: (
      <Text size="sm">
        Each student can be in only one active proposal at a time — one that is Pending or Approved — whether
        as the creator or as a group member. If your proposal is Denied, every member is free again and you
        can submit a new one, taking the supervisor's feedback into account.
      </Text>
    ),
  },
  {
    id: "no-supervisors",
    icon: <IconUserQuestion size={16} />,
    question: "The supervisor list is empty.",
    answer: (
      <Text size="sm">
        Supervisors are listed per research cell. An empty list means no supervisor has been assigned to that
        research cell yet. Choose another cell if it fits your topic, or contact the committee and ask them to
        assign a supervisor.
      </Text>
    ),
  },
  {
    id: "upload-limits",
    icon: <IconPhoto size={16} />,
    question: "Which profile pictures can I upload?",
    answer: (
      <Text size="sm">
        JPEG, PNG or WebP images of up to {MAX_PICTURE_MB} MB. The picture is cropped to a square and
        re-encoded on the server, so a very large or unusual image may be refused; try a smaller copy.
      </Text>
    ),
  },
  {
    id: "email-notifications",
    icon: <IconBell size={16} />,
    question: "Can I stop the email notifications?",
    answer: (
      <Text size="sm">
        Yes. Turn email notifications off under Profile. You will still see decisions, notices and messages in
        ThesisDesk itself.
      </Text>
    ),
  },
];

export default function SupportPage() {
  return (
    <PublicPage title="Support" lead="Answers to the questions students and supervisors ask most often.">
      <Stack gap="sm" component="section" aria-labelledby="faq-heading">
        <Title order={2} id="faq-heading">
          Frequently asked questions
        </Title>
        <Accordion variant="separated" radius="md" multiple>
          {FAQS.map((faq) => (
            <Accordion.Item key={faq.id} value={faq.id}>
              <Accordion.Control
                icon={
                  <ThemeIcon variant="light" size={28} radius="md">
                    {faq.icon}
                  </ThemeIcon>
                }
              >
                {faq.question}
              </Accordion.Control>
              <Accordion.Panel>{faq.answer}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>

      <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="stuck-heading">
        <Stack gap="sm" align="flex-start">
          <ThemeIcon variant="light" size={44} radius="md" color="teal">
            <IconLifebuoy size={24} />
          </ThemeIcon>
          <Title order={2} size="h3" id="stuck-heading">
            Still stuck? Contact your department
          </Title>
          <Text c="dimmed">
            ThesisDesk is run by your department's committee. They can fix accounts, research cells and
            supervisor assignments.
          </Text>
          <Button component={Link} to="/contact">
            How to contact us
          </Button>
        </Stack>
      </Paper>
    </PublicPage>
  );
}
