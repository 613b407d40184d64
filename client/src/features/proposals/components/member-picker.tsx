import { MultiSelect } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { TermMode } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { SEARCH_TOO_SHORT, STUDENT_UNAVAILABLE, type StudentOption } from "@shared/schemas/directory";
import { IconSearch } from "@tabler/icons-react";
import { useMemo, useRef, useState } from "react";
import { searchable, useStudentSearch } from "../api/use-student-search";
import classes from "./member-picker.module.css";

/** The most the list of students takes below the field, in pixels. */
const DROPDOWN_HEIGHT = 260;

const label = (s: StudentOption) => (s.studentId ? `${s.name} (${s.studentId})` : s.name);

/**
 * Why a student cannot be chosen, said beside their greyed name (issue 30): the server's reason
 * (decision 0055), or this group's own limit. Null when they can be chosen.
 */
const reasonNotChosen = (s: StudentOption, full: boolean) =>
  s.unavailable ? STUDENT_UNAVAILABLE[s.unavailable] : full ? "your group is full" : null;

/**
 * "Group members": other students found on the server by name or student ID (never the
 * student themself, never emails). At most two; once two are chosen the other choices are disabled.
 * A choice that is disabled says why beside the name.
 */
export function MemberPicker({
  value,
  onChange,
  error,
  disabled,
  mode,
}: {
  /** The term's mode: what happens once everyone invited has answered. */
  mode: TermMode;
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
    for (const s of searchable(q) ? (results.data?.items ?? []) : []) {
      if (options.has(s.id)) continue;
      const reason = reasonNotChosen(s, full);
      options.set(s.id, {
        value: s.id,
        label: reason ? `${label(s)} — ${reason}` : label(s),
        disabled: reason !== null,
      });
    }
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

  // The list opens below the field, never over its label (issue 30): when there is no room for it
  // below, the field is scrolled to the top of the screen, once the list is drawn (near the end of
  // the page, the list itself is what makes the page long enough to scroll).
  const box = useRef<HTMLDivElement>(null);
  const makeRoom = () =>
    requestAnimationFrame(() => {
      const field = box.current;
      if (field && window.innerHeight - field.getBoundingClientRect().bottom < DROPDOWN_HEIGHT + 16)
        field.scrollIntoView({ block: "start" });
    });

  return (
    <div ref={box} className={classes.field}>
      <MultiSelect
        label="Group members"
        description={
          full
            ? `A group has at most ${LIMITS.extraMembersMax} other members; remove one to choose another. ${MSG.groupMembersExplained(mode)}`
            : `Optional: up to ${LIMITS.extraMembersMax} other students; search by name or student ID. ${MSG.groupMembersExplained(mode)}`
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
        maxDropdownHeight={DROPDOWN_HEIGHT}
        comboboxProps={{ position: "bottom", middlewares: { flip: false, shift: true } }}
        onDropdownOpen={makeRoom}
        classNames={{ option: classes.option }}
      />
    </div>
  );
}
