import { userQueries } from "@client/lib/queries/users";
import { type ComboboxItem, Loader, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";

/**
 * A select of teachers that searches them on the server as one types (there may be hundreds):
 * research cells' members, a thesis's examiners. `activeOnly` leaves out deactivated accounts.
 */
export function TeacherSelect({
  value,
  onChange,
  error,
  label = "Teacher",
  activeOnly = false,
}: {
  value: ComboboxItem | null;
  onChange: (item: ComboboxItem | null) => void;
  error?: string | null;
  label?: string;
  activeOnly?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState("");
  // Once a teacher is chosen the box shows their name; searching for it again is pointless.
  const [debounced] = useDebouncedValue(value && search === value.label ? "" : search.trim(), 250);
  const teachers = useQuery({
    ...userQueries.teacherSearch(debounced),
    enabled: opened,
    placeholderData: keepPreviousData,
  });

  const data = useMemo(() => {
    const found = (teachers.data?.items ?? []).filter((t) => !activeOnly || !t.deactivatedAt);
    const items: ComboboxItem[] = found.map((t) => ({
      value: t.id,
      label: `${t.name} (${t.email})`,
    }));
    if (value && !items.some((i) => i.value === value.value)) items.unshift(value);
    return items;
  }, [teachers.data, value, activeOnly]);

  return (
    <Select
      label={label}
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
