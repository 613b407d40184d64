import { EmptyState } from "@client/components/empty-state";
import { QueryError } from "@client/components/load-error";
import { isApiError } from "@client/lib/api";
import { archiveQueries } from "@client/lib/queries/archive";
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { ARCHIVE_MSG as M } from "@shared/archive-messages";
import { IconArchive, IconArrowLeft, IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { TypeBadge, useArchiveBase } from "./archive-page";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** One archive entry (DESIGN.md §19): what it is, who wrote it, and its final PDF. */
export function ArchiveEntryPage() {
  const { id = "" } = useParams();
  const base = useArchiveBase();
  const entry = useQuery(archiveQueries.entry(id));
  useDocumentTitle(`${entry.data?.title ?? M.archiveTitle} · ThesisDesk`);
  const back = (
    <Anchor component={Link} to={base} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {M.archiveBack}
      </Group>
    </Anchor>
  );

  if (entry.isPending)
    return (
      <Stack gap="md" aria-busy aria-label={M.archiveLoading}>
        <Skeleton height={32} width="60%" />
        <Skeleton height={200} radius="md" />
      </Stack>
    );
  if (entry.isError) {
    const missing = isApiError(entry.error) && (entry.error.status === 404 || entry.error.status === 400);
    return (
      <Stack gap="md">
        {back}
        {missing ? (
          <>
            <Title order={1} fz={26}>
              {M.archiveEntryMissingTitle}
            </Title>
            <EmptyState
              icon={IconArchive}
              title={M.archiveEntryMissingLead}
              description={M.archiveEntryMissingBody}
            />
          </>
        ) : (
          <QueryError title={M.archiveEntryFailed} query={entry} />
        )}
      </Stack>
    );
  }
  const e = entry.data;
  return (
    <Stack gap="md">
      {back}
      <Stack gap={6}>
        <Title order={1} fz={26}>
          {e.title}
        </Title>
        <TypeBadge type={e.type} />
      </Stack>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} m={0}>
            <Fact label={M.archiveStudents}>{e.students.join(", ")}</Fact>
            <Fact label={M.archiveSupervisor}>{e.supervisor?.name ?? "—"}</Fact>
            <Fact label={M.archiveCell}>{e.cell?.name ?? "—"}</Fact>
            <Fact label={M.archiveReleased}>{e.year}</Fact>
          </SimpleGrid>
          <div>
            <Title order={2} fz="md" mb={4}>
              {M.archiveAbstract}
            </Title>
            <Text style={{ whiteSpace: "pre-wrap" }}>{e.abstract}</Text>
          </div>
          {e.documentUrl ? (
            <Group>
              <Button component="a" href={e.documentUrl} leftSection={<IconDownload size={16} aria-hidden />}>
                {M.archiveDocument}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {M.archiveNoDocument}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
