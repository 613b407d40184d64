import { DownloadButton } from "@client/components/download-button";
import { TeacherSelect } from "@client/components/teacher-select";
import { withQuery } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import type { ThesisListParams } from "@client/lib/queries/theses";
import { Checkbox, type ComboboxItem, Group } from "@mantine/core";
import { useState } from "react";
import type { ThesisFilters } from "./use-thesis-filters";

type Update = (patch: Partial<ThesisFilters>) => void;

/**
 * The list's filters by examiner (DESIGN.md §17): a teacher's "Only theses I examine" (their
 * Examining view); the committee's Examiner, beside the grades export of what the filters find.
 */
export function ExaminerFilters({
  filters,
  query,
  update,
}: {
  filters: ThesisFilters;
  query: Omit<ThesisListParams, "page" | "pageSize">;
  update: Update;
}) {
  const user = useUser();
  // The chosen examiner's name, for the select (the address holds their id).
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  if (user.role === "supervisor")
    return (
      <Checkbox
        label="Only theses I examine"
        checked={filters.examinerId === user.id}
        onChange={(e) => update({ examinerId: e.currentTarget.checked ? user.id : undefined })}
        style={{ alignSelf: "end" }}
        pb={8}
      />
    );
  if (user.role !== "committee") return null;
  const value = filters.examinerId
    ? chosen?.value === filters.examinerId
      ? chosen
      : { value: filters.examinerId, label: "The examiner chosen" }
    : null;
  return (
    <>
      <TeacherSelect
        label="Examiner"
        value={value}
        onChange={(item) => {
          setChosen(item);
          update({ examinerId: item?.value });
        }}
      />
      <Group align="end">
        <DownloadButton href={withQuery("/api/theses/grades.csv", query)} label="Export grades (CSV)" />
      </Group>
    </>
  );
}
