import { Fact } from "@client/components/fact";
import { Section } from "@client/components/section";
import { useUser } from "@client/lib/auth";
import { DateText } from "@client/lib/dates";
import { Badge, Group, SimpleGrid, Skeleton, Stack, Table, Text } from "@mantine/core";
import type { Assessments } from "@shared/schemas/assessments";
import type { Thesis } from "@shared/schemas/theses";
import { useAssessments } from "../api/use-assessments";
import { AssessmentForm } from "./assessment-form";
import { ExaminerForm } from "./examiners-form";
import { FinalGradesForm } from "./final-grades-form";

type Place = "first" | "second";
type Content = NonNullable<Assessments["first"]["content"]>;
const TITLE = { first: "First examiner", second: "Second examiner" } as const;

/** One examiner's assessment as the caller may read it: its content, or only whether it is in (blind, §17). */
function PlaceCard({ thesis, a, place }: { thesis: Thesis; a: Assessments; place: Place }) {
  const p = a[place];
  const name = (id: string) => thesis.members.find((m) => m.id === id)?.name ?? id;
  return (
    <Stack gap="xs" component="article" aria-label={`${TITLE[place]}'s assessment`}>
      <Group gap="xs" justify="space-between">
        <Text fw={600} size="sm">
          {TITLE[place]}: {p.examiner?.name ?? "Not named yet"}
        </Text>
        {p.submittedAt ? (
          <Badge color="green" variant="light">
            In
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Not in yet
          </Badge>
        )}
        {thesis.actions.includes("nameExaminer") && !p.submittedAt && (
          <ExaminerForm thesis={thesis} place={place} />
        )}
      </Group>
      {p.submittedAt && (
        <Text size="xs" c="dimmed">
          Handed in <DateText iso={p.submittedAt} withTime />
        </Text>
      )}
      {p.content && <ContentView content={p.content} name={name} />}
    </Stack>
  );
}

function ContentView({ content: c, name }: { content: Content; name: (id: string) => string }) {
  return (
    <Stack gap={4}>
      <Table fz="sm" withRowBorders={false} aria-label="Scores">
        <Table.Tbody>
          {Object.entries(c.scores).map(([k, s]) => (
            <Table.Tr key={k}>
              <Table.Th scope="row">{k}</Table.Th>
              <Table.Td>{s}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">Weighted score (a guide)</Table.Th>
            <Table.Td>{c.weightedScore}</Table.Td>
          </Table.Tr>
          {Object.entries(c.grades).map(([id, g]) => (
            <Table.Tr key={id}>
              <Table.Th scope="row">Grade for {name(id)}</Table.Th>
              <Table.Td>{g}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">For the students: {c.studentComment || "—"}</Text>
      <Text size="sm">Internal: {c.internalComment || "—"}</Text>
    </Stack>
  );
}

/**
 * The marking on the thesis's page (DESIGN.md §17), for teachers and the committee (never a
 * student): the examiners (named or replaced by the committee while theirs is not in), the due
 * date, each assessment as the server lets the caller read it (blind until both are in), the grades
 * once both are in, and only the forms allowed now: the examiner's assessment, the committee's
 * final grades on Disputed.
 */
export function MarkingPanel({ thesis }: { thesis: Thesis }) {
  const user = useUser();
  const teacherOrCommittee = user.role === "supervisor" || user.role === "committee";
  const query = useAssessments(thesis.id, teacherOrCommittee);
  if (!teacherOrCommittee || thesis.state === "Cancelled") return null;
  if (query.isPending) return <Skeleton height={120} radius="md" aria-hidden />;
  const a = query.data;
  if (!a) return null;
  const mine = (["first", "second"] as const).find((p) => a[p].examiner?.id === user.id);
  return (
    <Section title="Marking">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
        <Fact label="Assessments due">{a.dueAt ? <DateText iso={a.dueAt} /> : "After submission"}</Fact>
      </SimpleGrid>
      <Group gap="xs">
        {thesis.actions.includes("assess") && mine && (
          <AssessmentForm thesis={thesis} a={a} own={a[mine].content} />
        )}
        {thesis.actions.includes("setFinalGrades") && <FinalGradesForm thesis={thesis} a={a} />}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PlaceCard thesis={thesis} a={a} place="first" />
        <PlaceCard thesis={thesis} a={a} place="second" />
      </SimpleGrid>
      {a.grades && (
        <Table fz="sm" aria-label="Grades">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>Grade</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {a.grades.map((g) => (
              <Table.Tr key={g.member.id}>
                <Table.Td>{g.member.name}</Table.Td>
                <Table.Td>{g.grade ?? "Disputed: the committee sets it"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
