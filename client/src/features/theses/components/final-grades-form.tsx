import { ActionDialog, ActionText, useActionText } from "@client/components/action-modal";
import { Select, Text } from "@mantine/core";
import { gradesOf } from "@shared/grades";
import { MSG } from "@shared/messages";
import type { Assessments } from "@shared/schemas/assessments";
import type { Thesis } from "@shared/schemas/theses";
import { useState } from "react";
import { useThesisDialog } from "./thesis-dialog";

const FIELDS = ["grades", "reason"];

/** On a Disputed thesis, the committee sets each disputed member's grade with a reason (DESIGN.md §17): Graded. */
export function FinalGradesForm({ thesis, a }: { thesis: Thesis; a: Assessments }) {
  const disputed = (a.grades ?? []).filter((g) => g.disputed && g.grade === null).map((g) => g.member);
  const [grades, setGrades] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const { action, opened, dialog } = useThesisDialog(thesis, {
    done: MSG.finalGradesSet,
    fields: FIELDS,
    reset: () => {
      setGrades({});
      setError(null);
    },
    setErrors: (f) => {
      if (f.grades) setError(f.grades);
      if (f.reason) words.setError(f.reason);
    },
  });
  const words = useActionText(opened);
  const confirm = () => {
    const missing = disputed.find((m) => !grades[m.id]);
    if (missing) return setError(MSG.gradeMissing(missing.name));
    if (!words.value.trim()) return words.setError(MSG.thesisReasonRequired);
    action.mutate({ path: "final-grades", body: { grades, reason: words.value.trim() } });
  };
  return (
    <ActionDialog
      {...dialog}
      button={{ color: "orange", children: "Set final grades" }}
      title="Set final grades"
      confirmLabel="Set final grades"
      confirmColor="orange"
      onConfirm={confirm}
    >
      <Text size="sm">
        The examiners disagree on these members' grades. The agreed grades stand; the thesis becomes Graded.
      </Text>
      {disputed.map((m, i) => (
        <Select
          key={m.id}
          label={`Final grade for ${m.name}`}
          data={gradesOf(a.scale).map((g) => ({ value: g, label: g }))}
          searchable
          required
          value={grades[m.id] ?? null}
          onChange={(g) => {
            setGrades({ ...grades, [m.id]: g ?? "" });
            setError(null);
          }}
          error={i === 0 ? error : undefined}
        />
      ))}
      <ActionText kind="reason" label="Reason" required text={words} />
    </ActionDialog>
  );
}
