import { ActionDialog } from "@client/components/action-modal";
import { TeacherSelect } from "@client/components/teacher-select";
import { type ComboboxItem, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import { useState } from "react";
import { useThesisDialog } from "./thesis-dialog";

type Place = "first" | "second";
const FIELD = { first: "firstExaminerId", second: "secondExaminerId" } as const;

/**
 * The committee names the second examiner, or replaces either (DESIGN.md §17): a select of active
 * teachers (an external examiner is a teacher account with no research cell). Offered only while
 * that examiner's assessment is not in; the server says why a teacher cannot examine.
 */
export function ExaminerForm({ thesis, place }: { thesis: Thesis; place: Place }) {
  const current = place === "first" ? thesis.firstExaminer : thesis.secondExaminer;
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { action, dialog } = useThesisDialog(thesis, {
    done: MSG.examinersSaved,
    fields: [FIELD[place]],
    reset: () => {
      setChosen(null);
      setError(null);
    },
    setErrors: (f) => setError(f[FIELD[place]] ?? null),
  });
  const label = current ? `Replace the ${place} examiner` : `Name the ${place} examiner`;
  const confirm = () => {
    if (!chosen) return setError(MSG.examinerNotFound);
    action.mutate({ method: "PUT", path: "examiners", body: { [FIELD[place]]: chosen.value } });
  };
  return (
    <ActionDialog
      {...dialog}
      button={{ size: "xs", variant: "light", children: label }}
      title={label}
      confirmLabel="Save"
      onConfirm={confirm}
    >
      <Text size="sm">
        Any active teacher account; an external examiner is a teacher account with no research cell.
        {place === "second" ? " Never the supervisor nor a member." : " Never a member."} They are told by
        email.
      </Text>
      <TeacherSelect
        label={`${place === "first" ? "First" : "Second"} examiner`}
        activeOnly
        value={chosen}
        onChange={(item) => {
          setChosen(item);
          setError(null);
        }}
        error={error}
      />
    </ActionDialog>
  );
}
