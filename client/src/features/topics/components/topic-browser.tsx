import { useAllocationTerm } from "@client/components/allocation-term";
import { EmptyState } from "@client/components/empty-state";
import { CardGrid, ListFooter } from "@client/components/list-parts";
import { QueryError } from "@client/components/load-error";
import { Group, Loader, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { IconBulb, IconSearch } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useCellsWithSupervisors, useTopicList } from "../api/use-topics";
import { TopicCard } from "./topic-card";

const PAGE_SIZE = 12;

/** The list's search, cell, supervisor and page live in the address: a reload or a link shows the same. */
function useTopicParams() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get("page"));
  const value = {
    q: (params.get("q") ?? "").slice(0, LIMITS.searchMax),
    cell: params.get("cell") ?? "",
    supervisor: params.get("supervisor") ?? "",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
  const update = (change: Partial<typeof value>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(change)) {
          if (v === "" || (k === "page" && v === 1)) next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace: true },
    );
  return [value, update] as const;
}

/**
 * The current term's topics for students (DESIGN.md §11): searchable by title and description,
 * filtered by research cell and supervisor, a page at a time from the server. In a term that
 * does not allocate topics, it says so and where to go instead.
 */
export function TopicBrowser() {
  const { term, instead } = useAllocationTerm({
    icon: IconBulb,
    title: (name) => `${name} has no topics`,
    description: () => MSG.noAllocationTerm,
    loading: (
      <Stack>
        <Skeleton height={60} radius="md" />
        <Skeleton height={160} radius="md" />
      </Stack>
    ),
  });
  const [params, setParams] = useTopicParams();
  const [search, setSearch] = useState(params.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (debounced !== params.q) setParams({ q: debounced, page: 1 });
  }, [debounced, params.q, setParams]);

  const cells = useCellsWithSupervisors();
  const list = useTopicList(
    {
      q: params.q || undefined,
      researchCellId: params.cell || undefined,
      supervisorId: params.supervisor || undefined,
      page: params.page,
      pageSize: PAGE_SIZE,
    },
    term !== null,
  );

  const cellOptions = (cells.data?.items ?? []).map((c) => ({ value: c.id, label: c.title }));
  const supervisorOptions = useMemo(() => {
    const chosen = (cells.data?.items ?? []).filter((c) => !params.cell || c.id === params.cell);
    const byId = new Map<string, string>();
    for (const c of chosen) for (const s of c.supervisors ?? []) byId.set(s.id, s.name);
    return [...byId]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [cells.data, params.cell]);

  if (!term) return instead;

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const items = list.data?.items ?? [];
  const filtered = !!(params.q || params.cell || params.supervisor);

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Search topics by title or description"
            leftSection={<IconSearch size={16} />}
            rightSection={list.isFetching && !list.isPending ? <Loader size={14} /> : null}
            value={search}
            maxLength={LIMITS.searchMax}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: "100%", sm: 320 }}
          />
          <Select
            label="Research cell"
            placeholder="All research cells"
            data={cellOptions}
            value={params.cell || null}
            onChange={(v) => setParams({ cell: v ?? "", supervisor: "", page: 1 })}
            clearable
            searchable
            w={{ base: "100%", sm: 240 }}
          />
          <Select
            label="Supervisor"
            placeholder="All supervisors"
            data={supervisorOptions}
            value={params.supervisor || null}
            onChange={(v) => setParams({ supervisor: v ?? "", page: 1 })}
            clearable
            searchable
            w={{ base: "100%", sm: 240 }}
          />
        </Group>
      </Paper>

      {term.allocationPublishedAt && <Text size="sm">{MSG.allocationFrozen(term.name)}</Text>}

      {list.isError && !list.data ? (
        <QueryError title="The topics could not be loaded." query={list} />
      ) : list.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {[1, 2].map((i) => (
            <Skeleton key={i} height={180} radius="md" />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <EmptyState
          icon={IconBulb}
          title={filtered ? "No topics match." : `No topics in ${term.name} yet.`}
          description={
            filtered
              ? "Try other words, or another research cell or supervisor."
              : "Supervisors publish their topics here; come back soon."
          }
        />
      ) : (
        <CardGrid cols={{ base: 1, md: 2 }} aria-label={`Topics of ${term.name}`} aria-busy={list.isFetching}>
          {items.map((t) => (
            <li key={t.id}>
              <TopicCard topic={t} />
            </li>
          ))}
        </CardGrid>
      )}

      {total > 0 && (
        <ListFooter
          plain
          status={
            <>
              {total.toLocaleString("en")}
              {list.data?.capped ? "+" : ""} topic{total === 1 ? "" : "s"}
            </>
          }
          page={params.page}
          pages={pages}
          onPage={(page) => setParams({ page })}
        />
      )}
    </Stack>
  );
}
