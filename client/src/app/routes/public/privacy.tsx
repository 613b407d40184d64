import { List, Paper, Table, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { PageLink, PublicPage, Section } from "./public-page";

const DATA: { what: string; details: string }[] = [
  { what: "Account", details: "Name, email address, role, and for students the student ID." },
  { what: "Profile picture", details: "Only if you upload one; stored as a re-encoded square image." },
  {
    what: "Proposals",
    details: "Title, abstract, type, research cell, supervisor, group members, status and dates.",
  },
  { what: "Reviews", details: "The supervisor's decision, feedback and the time of the review." },
  {
    what: "Notices",
    details: "Notices sent by supervisors, their recipients and when each recipient read them.",
  },
  { what: "Chat messages", details: "Messages written in a group's chat, with author and time." },
  { what: "Sessions", details: "Sign-in records with their IP address, browser (user agent) and expiry." },
  {
    what: "Email log",
    details: "The notification emails sent to you, when they were sent and delivery attempts.",
  },
];

const VISIBILITY: { who: string; sees: string }[] = [
  {
    who: "Students",
    sees: "Their own account, their own group's proposals, feedback, notices and chat, and the names and student IDs (not emails) of students they search for when forming a group.",
  },
  {
    who: "Supervisors",
    sees: "The proposals addressed to them, the members of those groups, the notices they sent and their groups' chats.",
  },
  {
    who: "Committee",
    sees: "All accounts, research cells and proposals, to administer ThesisDesk for the department. Committee members do not review proposals.",
  },
];

export default function PrivacyPage() {
  return (
    <PublicPage
      title="Privacy notice"
      tabTitle="Privacy"
      icon={<IconShieldLock size={26} />}
      lead="ThesisDesk is run by your department on a server it controls. This notice explains what ThesisDesk stores about you, why, and who can see it."
    >
      <Section title="Who is responsible">
        <Text>
          The university department that runs this copy of ThesisDesk is responsible for the data in it. Its
          ThesisDesk administrators are the members of the thesis committee; you can reach them as described
          on the <PageLink to="/contact">Contact</PageLink> page. Where the university has its own data
          protection policy or officer, that policy applies as well.
        </Text>
      </Section>

      <Section title="What we store">
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {DATA.map((row) => (
                <Table.Tr key={row.what}>
                  <Table.Td fw={500} style={{ whiteSpace: "nowrap" }}>
                    {row.what}
                  </Table.Td>
                  <Table.Td>{row.details}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      </Section>

      <Section title="Why we store it">
        <List spacing="xs">
          <List.Item>
            To run the thesis and project proposal process of the department: submission, review and
            follow-up.
          </List.Item>
          <List.Item>
            To let students, their group members and their supervisor communicate about a proposal.
          </List.Item>
          <List.Item>To keep the department's records of groups, supervisors and research cells.</List.Item>
          <List.Item>
            To keep your account secure: sessions, sign-in limits and a record of where you are signed in.
          </List.Item>
          <List.Item>To send you email notifications, unless you turn them off under Profile.</List.Item>
        </List>
      </Section>

      <Section title="Who can see what">
        <List spacing="xs">
          {VISIBILITY.map((v) => (
            <List.Item key={v.who}>
              <Text span fw={600}>
                {v.who}:
              </Text>{" "}
              {v.sees}
            </List.Item>
          ))}
        </List>
        <Text>
          The people who operate the server for the department can technically access the database in order to
          keep it running and make backups.
        </Text>
      </Section>

      <Section title="No third parties, tracking or ads">
        <Text>
          ThesisDesk does not sell or share your data, shows no advertising, and uses no analytics or tracking
          of any kind. Pages load only from the department's own server. Emails are delivered through the mail
          server the department configures. The only cookie is the one that keeps you signed in; see the{" "}
          <PageLink to="/cookies">cookie notice</PageLink>.
        </Text>
      </Section>

      <Section title="How long we keep it">
        <Text>
          Data is kept by the department according to its records policy, typically for as long as needed for
          the thesis or project and the department's academic records. Sessions end when you log out or after
          30 days without activity.
        </Text>
      </Section>

      <Section title="Your rights">
        <Text>
          You can see and change your name, password and profile picture under Profile at any time. To get a
          copy of your data, to correct details you cannot change yourself (such as your email or student ID),
          or to ask for your data to be deleted, contact the department. Some records, such as decisions on
          proposals, may need to be kept under the university's rules; the department will tell you if that
          applies.
        </Text>
      </Section>

      <Section title="Security">
        <Text>
          Passwords are stored only as argon2id hashes. Every request is checked on the server for your role
          and for whether you may see the record. Sessions live on the server behind an HttpOnly cookie,
          failed sign-ins are rate-limited, and uploaded pictures are re-encoded before they are shown to
          anyone.
        </Text>
      </Section>

      <Section title="Changes">
        <Text>
          The department may update this notice, for example when it changes how ThesisDesk is run. The
          current version is always on this page.
        </Text>
      </Section>
    </PublicPage>
  );
}
