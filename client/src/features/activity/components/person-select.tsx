import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { LIMITS } from "@shared/limits";
import type { Person } from "@shared/schemas/users";
import { IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { PERSON_ROLES, usePersonSearch } from "../api/use-activity";

const label = (p: Person) => (p.studentId ? `${p.name} (${p.studentId})` : `${p.name} · ${p.email}`);

/**
 * "Person": anyone (student, teacher or committee member) found on the server by the start of a
 * word of their name or email, the results grouped by role. The chosen person's name is kept
 * while the search moves on; after a reload it comes from `knownName` (the log's own rows name
 * them), else the field says a person is chosen.
 */
export function PersonSelect({
  value,
  onChange,
  knownName,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  knownName?: string;
}) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 250);
  const results = usePersonSearch(q);
  const [chosen, setChosen] = useState<{ id: string; label: string } | null>(null);
  const shortSearch = q.length < LIMITS.searchMin;

  const data = useMemo(() => {
    const seen = new Set<string>();
    const groups = PERSON_ROLES.map(({ label: group }, i) => ({
      group,
      items: (shortSearch ? [] : (results[i].data?.items ?? [])).flatMap((p) => {
        if (seen.has(p.id)) return [];
        seen.add(p.id);
        return [{ value: p.id, label: label(p) }];
      }),
    })).filter((g) => g.items.length > 0);
    // The chosen person stays an option, so the field shows their name.
    if (value && !seen.has(value)) {
      const name = chosen?.id === value ? chosen.label : (knownName ?? "Chosen person");
      groups.unshift({ group: "Chosen", items: [{ value, label: name }] });
    }
    return groups;
  }, [results, shortSearch, value, chosen, knownName]);

  const searching = results.some((r) => r.isFetching);

  return (
    <Select
      label="Person"
      description="Who did it, or whom it concerns"
      placeholder="Anyone: type a name"
      leftSection={<IconSearch size={16} />}
      data={data}
      value={value ?? null}
      onChange={(id, option) => {
        setChosen(id && option ? { id, label: option.label } : null);
        onChange(id ?? undefined);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      clearable
      nothingFoundMessage={
        shortSearch
          ? `Type at least ${LIMITS.searchMin} characters of a name or email`
          : searching
            ? "Searching…"
            : "Nobody found"
      }
    />
  );
}
