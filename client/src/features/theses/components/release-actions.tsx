import { Select } from "@mantine/core";
import { gradesOf } from "@shared/grades";
import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import { useState } from "react";
import { useThesisResult } from "../api/use-theses";
import { FormAction, REASON } from "./form-action";

/** The committee releases a Graded thesis with its own visibility proposal (DESIGN.md §17, §19). */
export function Release({ thesis }: { thesis: Thesis }) {
  const result = useThesisResult(thesis.id);
  const visibility = result.data?.effectiveVisibility ?? "Internal";
  return (
    <FormAction
      thesis={thesis}
      label="Release grades"
      title="Release the grades of this thesis"
      color="green"
      variant="filled"
      explain={`Each member then sees their own grade, both examiners' comments for the students and the date, and is told by email. The thesis is released as ${visibility}. A released grade changes only by a correction.`}
      done={MSG.thesisReleased}
      request={() => ({ path: "release", body: {} })}
    />
  );
}

/** The committee corrects one member's official grade with a reason (§17). */
export function CorrectGrade({ thesis }: { thesis: Thesis }) {
  const result = useThesisResult(thesis.id);
  const [studentId, setStudentId] = useState<string | null>(thesis.members[0]?.id ?? null);
  const [grade, setGrade] = useState<string | null>(null);
  return (
    <FormAction
      thesis={thesis}
      label="Correct a grade"
      title="Correct a grade"
      color="orange"
      explain={
        thesis.state === "Released"
          ? "The official grade changes; it is on the timeline with the reason, and the student is told."
          : "The grade changes before release; it is on the timeline with the reason."
      }
      done={MSG.gradeCorrected}
      text={REASON}
      request={({ text }) => ({
        path: "grade-correction",
        body: { studentId: studentId ?? "", grade: grade ?? "", reason: text },
      })}
    >
      <Select
        label="Member"
        required
        data={thesis.members.map((m) => ({ value: m.id, label: m.name || MSG.unknown }))}
        value={studentId}
        onChange={setStudentId}
        allowDeselect={false}
      />
      <Select
        label="Corrected grade"
        required
        searchable
        data={result.data ? gradesOf(result.data.scale) : []}
        value={grade}
        onChange={setGrade}
      />
    </FormAction>
  );
}
