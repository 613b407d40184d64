import { MultiSelect } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { SEARCH_TOO_SHORT, type StudentOption } from "@shared/schemas/directory";
import { IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { searchable, useStudentSearch } from "../api/use-student-search";

const label = (s: StudentOption) => (s.studentId ? `${s.name} (${s.studentId})` : s.name);

/**
 * "Group members": other students found on the server by name or student ID (never the
 * student themself, never emails). At most two; once two are chosen the other choices are disabled.
 */
export function MemberPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: React.ReactNode;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 250);
  const results = useStudentSearch(q);
  // Labels of the chosen students, kept while the search moves on to other names.
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const full = value.length >= LIMITS.extraMembersMax;

  const data = useMemo(() => {
    const options = new Map<string, { value: string; label: string; disabled?: boolean }>();
    for (const id of value) options.set(id, { value: id, label: chosen[id] ?? id });
    // A search too short to send shows only the hint, not the last search's students.
    for (const s of searchable(q) ? (results.data?.items ?? []) : [])
      if (!options.has(s.id)) options.set(s.id, { value: s.id, label: label(s), disabled: full });
    return [...options.values()];
  }, [value, chosen, results.data, full, q]);

  const handleChange = (ids: string[]) => {
    const found = new Map((results.data?.items ?? []).map((s) => [s.id, label(s)]));
    setChosen((prev) => {
      const next: Record<string, string> = {};
      for (const id of ids) next[id] = prev[id] ?? found.get(id) ?? id;
      return next;
    });
    onChange(ids);
  };

  return (
    <MultiSelect
      label="Group members"
      description={
        full
          ? `A group has at most ${LIMITS.extraMembersMax} other members; remove one to choose another. ${MSG.groupMembersExplained}`
          : `Optional: up to ${LIMITS.extraMembersMax} other students; search by name or student ID. ${MSG.groupMembersExplained}`
      }
      placeholder={full ? undefined : "Search students"}
      leftSection={<IconSearch size={16} />}
      data={data}
      value={value}
      onChange={handleChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      hidePickedOptions
      maxValues={LIMITS.extraMembersMax}
      nothingFoundMessage={
        !searchable(q) ? SEARCH_TOO_SHORT : results.isFetching ? "Searching…" : "No students found"
      }
      clearable
      error={error}
      disabled={disabled}
    />
  );
}
