import { type ComboboxItem, Loader, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTeacherSearch } from "../api/use-teacher-search";

/** A "Teacher" select that searches teachers on the server as one types (there may be hundreds). */
export function TeacherSelect({
  value,
  onChange,
  error,
}: {
  value: ComboboxItem | null;
  onChange: (item: ComboboxItem | null) => void;
  error?: string | null;
}) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState("");
  // Once a teacher is chosen the box shows their name; searching for it again is pointless.
  const [debounced] = useDebouncedValue(value && search === value.label ? "" : search.trim(), 250);
  const teachers = useTeacherSearch(debounced, opened);

  const data = useMemo(() => {
    const items: ComboboxItem[] = (teachers.data?.items ?? []).map((t) => ({
      value: t.id,
      label: `${t.name} (${t.email})`,
    }));
    if (value && !items.some((i) => i.value === value.value)) items.unshift(value);
    return items;
  }, [teachers.data, value]);

  return (
    <Select
      label="Teacher"
      placeholder="Search teachers"
      searchable
      clearable
      data={data}
      value={value?.value ?? null}
      onChange={(_, option) => onChange(option)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name and email.
      filter={({ options }) => options}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={teachers.isFetching ? "Searching…" : "No teacher found"}
      rightSection={teachers.isFetching ? <Loader size={14} /> : undefined}
      error={error}
      size="sm"
      flex={1}
      miw={180}
    />
  );
}
