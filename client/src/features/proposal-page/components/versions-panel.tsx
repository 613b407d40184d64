import { DocumentLink } from "@client/components/document-input";
import { CardList } from "@client/components/list-parts";
import { Section } from "@client/components/section";
import { WordDiff } from "@client/components/word-diff";
import { formatInZone } from "@client/lib/dates";
import { Badge, Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Version } from "@shared/schemas/life";
import { useState } from "react";
import { useVersions } from "../api/use-proposal-page";
import { Entry, EntryNote } from "./entry";
import { ListPanelBody } from "./list-panel-body";

/**
 * Every version, newest first (number, author, time, note, document), and a word diff of title and
 * abstract between any two the viewer picks: by default the one before the latest and the latest.
 */
export function VersionsPanel({ proposalId, zone }: { proposalId: string; zone: string }) {
  const versions = useVersions(proposalId);
  const count = versions.data?.length ?? 0;
  return (
    <Section
      title="Versions"
      aside={
        count > 0 && (
          <Text size="sm" c="dimmed">
            {count} {count === 1 ? "version" : "versions"}
          </Text>
        )
      }
    >
      <ListPanelBody
        query={versions}
        loading="Loading versions"
        failed="The versions could not be loaded."
        empty="No versions are recorded for this proposal."
      >
        {(items) => (
          <>
            <VersionList versions={items} zone={zone} />
            {items.length > 1 && <Compare versions={items} />}
          </>
        )}
      </ListPanelBody>
    </Section>
  );
}

function VersionList({ versions, zone }: { versions: Version[]; zone: string }) {
  const latest = versions[0]?.number;
  return (
    <CardList ordered gap="sm" aria-label="Versions, newest first">
      {versions.map((v) => (
        <Entry key={v.id} mark="gray-4">
          <Group gap="xs">
            <Text fw={600} size="sm">
              Version {v.number}
            </Text>
            {v.number === latest && (
              <Badge size="sm" variant="light" color="indigo">
                Current
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            by {v.author?.name || MSG.unknown} · {formatInZone(v.createdAt, zone)}
          </Text>
          <EntryNote note={v.note} />
          {v.document && <DocumentLink document={v.document} />}
        </Entry>
      ))}
    </CardList>
  );
}

function Compare({ versions }: { versions: Version[] }) {
  const [from, setFrom] = useState(String(versions[1].number));
  const [to, setTo] = useState(String(versions[0].number));
  const options = versions.map((v) => ({ value: String(v.number), label: `Version ${v.number}` }));
  const a = versions.find((v) => String(v.number) === from);
  const b = versions.find((v) => String(v.number) === to);
  return (
    <Stack gap="sm" mt="sm">
      <Title order={3} fz="md">
        Compare versions
      </Title>
      <SimpleGrid cols={2} spacing="sm">
        <Select
          label="From version"
          data={options}
          value={from}
          onChange={(v) => v && setFrom(v)}
          allowDeselect={false}
        />
        <Select
          label="To version"
          data={options}
          value={to}
          onChange={(v) => v && setTo(v)}
          allowDeselect={false}
        />
      </SimpleGrid>
      {a && b && (
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            Changes from version {a.number} to version {b.number}: added words are underlined, removed words
            struck through.
          </Text>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Title
            </Text>
            <WordDiff before={a.title} after={b.title} />
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Abstract
            </Text>
            <WordDiff before={a.abstract} after={b.abstract} />
          </div>
        </Stack>
      )}
    </Stack>
  );
}
