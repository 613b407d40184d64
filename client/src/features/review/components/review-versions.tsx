import { DocumentLink } from "@client/components/document-input";
import { CardList } from "@client/components/list-parts";
import { LoadError } from "@client/components/load-error";
import { PageLoader } from "@client/components/page-loader";
import { WordDiff } from "@client/components/word-diff";
import { formatInZone } from "@client/lib/dates";
import { proposalQueries } from "@client/lib/queries/proposals";
import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { MSG } from "@shared/messages";
import { useQuery } from "@tanstack/react-query";

/**
 * What changed: with more than one version, the word diff of title and abstract from the version
 * before to the current one; then every version, newest first (author, time, note, document).
 */
export function ReviewVersions({ proposalId, zone }: { proposalId: string; zone: string }) {
  const versions = useQuery(proposalQueries.versions(proposalId));
  if (versions.isPending) return <PageLoader label="Loading versions" py="sm" />;
  if (versions.isError)
    return <LoadError title="The versions could not be loaded." onRetry={() => void versions.refetch()} />;
  const [current, previous] = versions.data;
  if (!current) return null;
  return (
    <Stack gap="sm">
      {previous ? (
        <Stack
          gap={6}
          aria-label={`Changes from version ${previous.number} to version ${current.number}`}
          role="group"
        >
          <Title order={3} fz="sm">
            Changes since version {previous.number}
          </Title>
          <Text size="xs" c="dimmed">
            Added words are underlined, removed words struck through.
          </Text>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Title
          </Text>
          <WordDiff before={previous.title} after={current.title} />
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Abstract
          </Text>
          <WordDiff before={previous.abstract} after={current.abstract} />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          This is the first version: there is nothing earlier to compare with.
        </Text>
      )}
      <Title order={3} fz="sm">
        Versions
      </Title>
      <CardList ordered gap={6} aria-label="Versions, newest first">
        {versions.data.map((v) => (
          <li key={v.id}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                Version {v.number}
              </Text>
              {v.number === current.number && (
                <Badge size="xs" variant="light" color="indigo">
                  Current
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                by {v.author?.name || MSG.unknown} · {formatInZone(v.createdAt, zone)}
              </Text>
            </Group>
            {v.note && (
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {v.note}
              </Text>
            )}
            {v.document && <DocumentLink document={v.document} />}
          </li>
        ))}
      </CardList>
    </Stack>
  );
}
