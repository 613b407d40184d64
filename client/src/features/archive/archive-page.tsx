import { EmptyState } from "@client/components/empty-state";
import { ListFooter, pageCount } from "@client/components/list-parts";
import { QueryError } from "@client/components/load-error";
import { useMe } from "@client/lib/auth";
import { archiveQueries } from "@client/lib/queries/archive";
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { ARCHIVE_MSG as M } from "@shared/archive-messages";
import type { ArchiveEntry } from "@shared/schemas/archive";
import { IconArchive } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { ArchiveSearch, useArchiveParams } from "./archive-search";

const PAGE_SIZE = 20;

/** Where the archive is: `/archive` for everyone, or `/<role>/archive` inside the signed-in shell. */
export function useArchiveBase() {
  const { pathname } = useLocation();
  return pathname.slice(0, pathname.indexOf("/archive") + "/archive".length);
}

/** Thesis or Project. */
export function TypeBadge({ type }: { type: ArchiveEntry["type"] }) {
  return (
    <Badge variant="light" color={type === "Project" ? "grape" : "indigo"} w="fit-content">
      {type}
    </Badge>
  );
}

/** The line under an entry's title in the list: its type, students, supervisor, cell, year. */
function EntryFacts({ entry }: { entry: ArchiveEntry }) {
  return (
    <Group gap="xs" wrap="wrap">
      <TypeBadge type={entry.type} />
      <Text size="sm" c="dimmed">
        {[entry.students.join(", "), entry.supervisor?.name, entry.cell?.name, String(entry.year)]
          .filter(Boolean)
          .join(" · ")}
      </Text>
    </Group>
  );
}

function EntryCard({ entry, base }: { entry: ArchiveEntry; base: string }) {
  return (
    <Paper component="article" withBorder radius="md" p="md">
      <Stack gap={6}>
        <Title order={2} fz="lg">
          <Anchor component={Link} to={`${base}/${entry.id}`} inherit>
            {entry.title}
          </Anchor>
        </Title>
        <EntryFacts entry={entry} />
        <Text size="sm" lineClamp={3}>
          {entry.abstract}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The archive (DESIGN.md §19): released theses the visitor may see, by search and filters, a page
 * at a time. Without login it shows the Public ones; signed in, also those released for the
 * department (the server decides).
 */
export function ArchivePage() {
  useDocumentTitle(`${M.archiveTitle} · ThesisDesk`);
  const [params, update] = useArchiveParams();
  const base = useArchiveBase();
  const { data: me } = useMe();
  const list = useQuery(
    archiveQueries.list({
      q: params.q || undefined,
      year: params.year ? Number(params.year) : undefined,
      cellId: params.cellId || undefined,
      supervisorId: params.supervisorId || undefined,
      type: (params.type || undefined) as ArchiveEntry["type"] | undefined,
      page: params.page,
      pageSize: PAGE_SIZE,
    }),
  );
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const filtered = !!(params.q || params.year || params.cellId || params.supervisorId || params.type);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {M.archiveTitle}
        </Title>
        <Text c="dimmed">{M.archiveIntro}</Text>
        {me === null && (
          <Text size="sm" c="dimmed">
            {M.archiveSignInHint}{" "}
            <Anchor component={Link} to="/login?next=%2Farchive">
              Log in
            </Anchor>
          </Text>
        )}
      </Stack>
      <ArchiveSearch fetching={list.isFetching && !list.isPending} />
      {list.isError && !list.data ? (
        <QueryError title={M.archiveFailed} query={list} />
      ) : list.isPending ? (
        <Stack gap="sm" aria-busy aria-label={M.archiveLoading}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} height={120} radius="md" />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <EmptyState
          icon={IconArchive}
          title={filtered ? M.archiveNoMatchTitle : M.archiveNoneTitle}
          description={filtered ? M.archiveNoMatchBody : M.archiveNoneBody}
        />
      ) : (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: "none" }}
          aria-label={M.archiveResults}
          aria-busy={list.isFetching}
        >
          {items.map((e) => (
            <li key={e.id}>
              <EntryCard entry={e} base={base} />
            </li>
          ))}
        </Stack>
      )}
      {total > 0 && (
        <ListFooter
          status={M.archiveCount(total)}
          page={params.page}
          pages={pageCount(total, PAGE_SIZE)}
          onPage={(page) => update({ page })}
        />
      )}
    </Stack>
  );
}
