import { DocumentLink } from "@client/components/document-input";
import { CardList } from "@client/components/list-parts";
import { Section } from "@client/components/section";
import { DateText } from "@client/lib/dates";
import { Badge, Group, Skeleton, Stack, Text } from "@mantine/core";
import type { Thesis } from "@shared/schemas/theses";
import { useThesisWriting } from "../api/use-theses";

const DECIDED = { approved: "Approved", refused: "Refused", open: "Open" } as const;

/** The thesis's drafts (newest first, the final one marked) and its latest extension request. */
export function WritingPanel({ thesis }: { thesis: Thesis }) {
  const writing = useThesisWriting(thesis.id);
  if (writing.isPending) return <Skeleton height={120} radius="md" aria-hidden />;
  if (!writing.data) return null;
  const { drafts, extension: x } = writing.data;
  return (
    <Stack gap="md">
      <Section
        title="Drafts"
        aside={
          <Text size="sm" c="dimmed">
            {drafts.length ? `${drafts.length} kept` : null}
          </Text>
        }
      >
        {drafts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No draft yet. Members upload drafts as PDFs; the latest becomes final at submission.
          </Text>
        ) : (
          <CardList ordered gap="xs" aria-label="Drafts">
            {drafts.map((d) => (
              <li key={d.id}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    Draft {d.number}
                  </Text>
                  {d.final && (
                    <Badge color="green" variant="light">
                      Final
                    </Badge>
                  )}
                  <DocumentLink document={d.document} />
                </Group>
                <Text size="xs" c="dimmed">
                  {d.author.name}, <DateText iso={d.createdAt} withTime />
                </Text>
              </li>
            ))}
          </CardList>
        )}
      </Section>
      <Section title="Declarations">
        <CardList gap={4} aria-label="Declarations">
          {thesis.members.map((m) => {
            const d = writing.data.declarations.find((x) => x.studentId === m.id);
            return (
              <Text component="li" size="sm" key={m.id}>
                {m.name}:{" "}
                {d ? (
                  <>
                    declared <DateText iso={d.declaredAt} withTime />
                  </>
                ) : (
                  "not yet declared"
                )}
              </Text>
            );
          })}
        </CardList>
      </Section>
      {x && (
        <Section title="Extension request" aside={<Badge variant="light">{DECIDED[x.state]}</Badge>}>
          <Text size="sm">
            {x.requestedBy.name} asked for the thesis to be due <DateText iso={x.dueAt} withTime />: “
            {x.reason}”
          </Text>
          {x.state !== "open" && (
            <Text size="sm">
              {DECIDED[x.state]} by {x.decidedBy ?? "N/A"} (
              {x.decidedAs === "committee" ? "the committee" : "the supervisor"})
              {x.grantedDueAt && (
                <>
                  , due <DateText iso={x.grantedDueAt} withTime />
                </>
              )}
              {x.note ? `: “${x.note}”` : "."}
            </Text>
          )}
        </Section>
      )}
    </Stack>
  );
}
