import { List, Text } from "@mantine/core";
import { IconScale } from "@tabler/icons-react";
import { PageLink, PublicPage, Section } from "./public-page";

export default function TermsPage() {
  return (
    <PublicPage
      title="Terms of use"
      icon={<IconScale size={26} />}
      lead="ThesisDesk is a university tool provided by your department. By using it you agree to these terms, in addition to your university's own rules and codes of conduct."
    >
      <Section title="Your account">
        <List spacing="xs">
          <List.Item>
            Use only your own account, and register with your own name, university email and student ID.
          </List.Item>
          <List.Item>
            Keep your password to yourself. If you think someone else knows it, change it under Profile.
          </List.Item>
          <List.Item>
            Do not try to use a role you were not given or to see records that are not yours.
          </List.Item>
        </List>
      </Section>

      <Section title="Honest submissions and academic integrity">
        <List spacing="xs">
          <List.Item>Submit proposals that describe work you and your group actually intend to do.</List.Item>
          <List.Item>Add only students who have agreed to be in your group.</List.Item>
          <List.Item>
            Your university's rules on academic integrity, plagiarism and authorship apply to everything you
            write in ThesisDesk, as they do anywhere else.
          </List.Item>
        </List>
      </Section>

      <Section title="Respectful use">
        <List spacing="xs">
          <List.Item>Keep notices and chat messages relevant, respectful and free of harassment.</List.Item>
          <List.Item>
            Upload only profile pictures you have the right to use and that are appropriate for a university.
          </List.Item>
          <List.Item>
            Do not attempt to disrupt ThesisDesk, bypass its checks, overload it or access it with automated
            tools without the department's permission.
          </List.Item>
        </List>
      </Section>

      <Section title="The department's role">
        <Text>
          The department, through its thesis committee, manages ThesisDesk. It may create, correct, suspend or
          remove accounts, research cells and assignments, for example when a student leaves the programme or
          these terms are broken. Misuse may also be handled under the university's disciplinary procedures.
        </Text>
      </Section>

      <Section title="No warranty">
        <Text>
          ThesisDesk is provided as it is. The department does its best to keep it available and your data
          safe, but it cannot promise that the service will always be available or free of errors. Keep your
          own copy of anything important, such as your proposal text. Official decisions and deadlines are
          those announced by the department.
        </Text>
      </Section>

      <Section title="Changes">
        <Text>
          The department may update these terms. The current version is always on this page. How your data is
          handled is described in the <PageLink to="/privacy">privacy notice</PageLink>; questions go to the
          department (see <PageLink to="/contact">Contact</PageLink>
          ).
        </Text>
      </Section>
    </PublicPage>
  );
}
