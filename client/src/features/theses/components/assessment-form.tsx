import { ActionDialog } from "@client/components/action-modal";
import { Checkbox, NumberInput, Select, Stack, Text, Textarea } from "@mantine/core";
import { gradesOf, weightedScore } from "@shared/grades";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { Assessments } from "@shared/schemas/assessments";
import type { Thesis } from "@shared/schemas/theses";
import { useState } from "react";
import { useThesisDialog } from "./thesis-dialog";

type Content = NonNullable<Assessments["first"]["content"]>;
const FIELDS = ["scores", "grades", "studentComment", "internalComment"];

/** The form's values, from the examiner's own assessment when they change it. */
function initial(thesis: Thesis, a: Assessments, own: Content | null) {
  const grades = own?.grades ?? {};
  const values = thesis.members.map((m) => grades[m.id] ?? "");
  return {
    scores: Object.fromEntries(a.rubric.map((c) => [c.name, own?.scores[c.name] ?? ("" as number | "")])),
    oneForAll: values.every((v) => v === values[0]),
    all: values[0] ?? "",
    grades: Object.fromEntries(thesis.members.map((m, i) => [m.id, values[i] ?? ""])),
    studentComment: own?.studentComment ?? "",
    internalComment: own?.internalComment ?? "",
  };
}

/**
 * An examiner's assessment of a submitted thesis (DESIGN.md §17): a score 0–100 per rubric
 * component (the weighted score shown as a guide, never the grade), a grade per member on the
 * term's scale (one value for all by default), a comment for the students and an internal one for
 * the other examiner and the committee. They may change it until the other's is in.
 */
export function AssessmentForm({ thesis, a, own }: { thesis: Thesis; a: Assessments; own: Content | null }) {
  const [v, setV] = useState(() => initial(thesis, a, own));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { action, dialog } = useThesisDialog(thesis, {
    done: MSG.assessmentSaved,
    fields: FIELDS,
    reset: () => {
      setV(initial(thesis, a, own));
      setErrors({});
    },
    setErrors,
  });
  const scale = gradesOf(a.scale).map((g) => ({ value: g, label: g }));
  const numbers = Object.fromEntries(Object.entries(v.scores).map(([k, s]) => [k, s === "" ? 0 : s]));
  const label = own ? "Change your assessment" : "Hand in your assessment";
  const confirm = () => {
    const grades = v.oneForAll ? Object.fromEntries(thesis.members.map((m) => [m.id, v.all])) : v.grades;
    const missing = thesis.members.find((m) => !grades[m.id]);
    if (Object.values(v.scores).some((s) => s === "")) return setErrors({ scores: MSG.scoresInvalid });
    if (missing) return setErrors({ grades: MSG.gradeMissing(missing.name) });
    const body = {
      scores: numbers,
      grades,
      studentComment: v.studentComment,
      internalComment: v.internalComment,
    };
    action.mutate({ method: "PUT", path: "assessment", body });
  };
  const scoreError = Object.entries(errors).find(([k]) => k.startsWith("scores"))?.[1];
  return (
    <ActionDialog
      {...dialog}
      button={{ children: label }}
      title={label}
      confirmLabel="Save assessment"
      onConfirm={confirm}
    >
      <Stack gap="sm">
        {a.rubric.map((c) => (
          <NumberInput
            key={c.name}
            label={`${c.name} (weight ${c.weight})`}
            description={c.description || undefined}
            min={0}
            max={100}
            allowDecimal={false}
            required
            value={v.scores[c.name]}
            onChange={(n) =>
              setV({ ...v, scores: { ...v.scores, [c.name]: typeof n === "number" ? n : "" } })
            }
          />
        ))}
        {scoreError && (
          <Text size="sm" c="red" role="alert">
            {scoreError}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Weighted score: {weightedScore(a.rubric, numbers)} of 100 (a guide, not the grade).
        </Text>
        {thesis.members.length > 1 && (
          <Checkbox
            label="One grade for all members"
            checked={v.oneForAll}
            onChange={(e) => setV({ ...v, oneForAll: e.currentTarget.checked })}
          />
        )}
        {v.oneForAll ? (
          <Select
            label={
              thesis.members.length > 1 ? "Grade for every member" : `Grade for ${thesis.members[0]?.name}`
            }
            data={scale}
            searchable
            required
            value={v.all || null}
            onChange={(g) => setV({ ...v, all: g ?? "" })}
            error={errors.grades}
          />
        ) : (
          thesis.members.map((m, i) => (
            <Select
              key={m.id}
              label={`Grade for ${m.name}`}
              data={scale}
              searchable
              required
              value={v.grades[m.id] || null}
              onChange={(g) => setV({ ...v, grades: { ...v.grades, [m.id]: g ?? "" } })}
              error={i === 0 ? errors.grades : undefined}
            />
          ))
        )}
        <Textarea
          label="Comment for the students"
          description="They read it once the grades are released."
          autosize
          minRows={2}
          maxLength={LIMITS.assessmentCommentMax}
          value={v.studentComment}
          onChange={(e) => setV({ ...v, studentComment: e.currentTarget.value })}
          error={errors.studentComment}
        />
        <Textarea
          label="Internal comment"
          description="For the other examiner and the committee; never shown to a student."
          autosize
          minRows={2}
          maxLength={LIMITS.assessmentCommentMax}
          value={v.internalComment}
          onChange={(e) => setV({ ...v, internalComment: e.currentTarget.value })}
          error={errors.internalComment}
        />
      </Stack>
    </ActionDialog>
  );
}
