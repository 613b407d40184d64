import { pageParam, useFilterUpdate } from "@client/lib/address-filters";
import { archiveQueries } from "@client/lib/queries/archive";
import { Button, Group, Loader, Paper, Select, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { ARCHIVE_MSG as M } from "@shared/archive-messages";
import { PROPOSAL_TYPES, type ProposalType } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";

export interface ArchiveParams {
  q: string;
  year: string;
  cellId: string;
  supervisorId: string;
  type: string;
  page: number;
}

/** The archive's search, filters and page live in the address: a reload, Back or a link shows the same. */
export function useArchiveParams() {
  const [params] = useSearchParams();
  const update = useFilterUpdate<ArchiveParams>();
  const value = useMemo<ArchiveParams>(() => {
    const type = params.get("type") ?? "";
    const year = params.get("year") ?? "";
    return {
      q: (params.get("q") ?? "").slice(0, LIMITS.searchMax),
      year: /^\d{4}$/.test(year) ? year : "",
      cellId: params.get("cellId") ?? "",
      supervisorId: params.get("supervisorId") ?? "",
      type: PROPOSAL_TYPES.includes(type as ProposalType) ? type : "",
      page: pageParam(params),
    };
  }, [params]);
  return [value, update] as const;
}

/** The search box and the four filters (year, cell, supervisor, type), each labelled. */
export function ArchiveSearch({ fetching }: { fetching: boolean }) {
  const [params, update] = useArchiveParams();
  const [search, setSearch] = useState(params.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Only a settled search goes to the address: a stale one (just cleared, or changed by Back) waits.
  const typed = search.trim();
  useEffect(() => {
    if (debounced === typed && debounced !== params.q) update({ q: debounced });
  }, [debounced, typed, params.q, update]);
  // Back or a link may change the address's search under the box.
  useEffect(() => setSearch((s) => (s.trim() === params.q ? s : params.q)), [params.q]);

  const filters = useQuery(archiveQueries.filters()).data;
  const years = (filters?.years ?? []).map((y) => ({ value: String(y), label: String(y) }));
  const cells = (filters?.cells ?? []).map((c) => ({ value: c.id, label: c.name }));
  const supervisors = (filters?.supervisors ?? []).map((s) => ({ value: s.id, label: s.name }));
  const types = PROPOSAL_TYPES.map((t) => ({ value: t, label: t }));
  const filtered = !!(params.q || params.year || params.cellId || params.supervisorId || params.type);
  const select = (label: string, key: keyof ArchiveParams, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      placeholder={M.archiveAny}
      data={data}
      value={(params[key] as string) || null}
      onChange={(v) => update({ [key]: v ?? "" })}
      clearable
      searchable={data.length > 6}
      w={{ base: "calc(50% - var(--mantine-spacing-sm) / 2)", xs: 150 }}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      role="search"
      aria-label={M.archiveTitle}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        update({ q: search.trim() });
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={M.archiveSearchLabel}
          placeholder={M.archiveSearchPlaceholder}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={fetching ? <Loader size={14} aria-label={M.archiveLoading} /> : null}
          value={search}
          maxLength={LIMITS.searchMax}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: "100%", sm: 260 }}
        />
        {select(M.archiveYear, "year", years)}
        {select(M.archiveCell, "cellId", cells)}
        {select(M.archiveSupervisor, "supervisorId", supervisors)}
        {select(M.archiveType, "type", types)}
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => {
              setSearch("");
              update({ q: "", year: "", cellId: "", supervisorId: "", type: "" });
            }}
          >
            {M.archiveClear}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
