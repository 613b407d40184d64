import { CardList } from "@client/components/list-parts";
import { Badge, Spoiler, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Applicant } from "@shared/schemas/allocation";

export const applicantTitle = (a: Applicant) => a.title || MSG.untitledGroup(a.members[0]?.name ?? "");

/** What a supervisor weighs: the group's title, members, abstract and whole list, their own topics marked. */
export function ApplicantDetails({ applicant: a }: { applicant: Applicant }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {applicantTitle(a)}
      </Text>
      <Text size="xs">
        {a.members.map((m) => (m.studentId ? `${m.name} (${m.studentId})` : m.name)).join(", ") ||
          MSG.unknown}
      </Text>
      {a.abstract && (
        <Spoiler maxHeight={40} showLabel="Show more" hideLabel="Show less">
          <Text size="xs" c="dimmed" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {a.abstract}
          </Text>
        </Spoiler>
      )}
      <CardList ordered gap={2} aria-label="The group's ranked topics">
        {a.preferences.map((p, i) => (
          <Text key={p.topicId} component="li" size="xs" fw={p.mine ? 600 : 400}>
            {i + 1}. {p.title}
            {p.mine && " "}
            {p.mine && (
              <Badge component="span" size="xs" variant="light" color="indigo" ml={2}>
                yours
              </Badge>
            )}
          </Text>
        ))}
      </CardList>
    </Stack>
  );
}
