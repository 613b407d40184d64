import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  type NumberInputProps,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { GRADE_SCALES, type GradeScale } from "@shared/enums";
import { DEFAULT_TOLERANCE } from "@shared/grades";
import { RUBRIC_MAX } from "@shared/schemas/terms";
import { GRADE_SCALE_LABEL, toleranceUnit } from "@shared/thesis-settings";
import { useId } from "react";
import type { TermFormValues } from "./term-values";

const SCALES = GRADE_SCALES.map((s) => ({ value: s, label: GRADE_SCALE_LABEL[s] }));

/**
 * A term's thesis settings (DESIGN.md §16): when theses are due, how they are marked, what each
 * member declares, and the examiners' and the defense's times. Scale, tolerance and rubric are
 * shown but not editable once a thesis of the term is submitted.
 */
export function ThesisSettingsFields({
  form,
  timeZone,
  gradingFrozen,
}: {
  form: UseFormReturnType<TermFormValues>;
  timeZone: string;
  gradingFrozen: boolean;
}) {
  const rubricErrorId = useId();
  const count = (field: keyof TermFormValues, props: NumberInputProps) => (
    <NumberInput allowDecimal={false} allowNegative={false} {...props} {...form.getInputProps(field)} />
  );
  const frozen = gradingFrozen
    ? "A thesis of this term has been submitted, so this cannot change."
    : undefined;
  const scale = form.values.gradeScale;
  const scaleProps = form.getInputProps("gradeScale");
  const rubricError = typeof form.errors.rubric === "string" ? form.errors.rubric : null;
  const weights = form.values.rubric.reduce((n, c) => n + (Number(c.weight) || 0), 0);

  return (
    <Fieldset legend="Thesis" variant="unstyled">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            type="datetime-local"
            label="Thesis due"
            description={`In ${timeZone}. Leave empty to give each thesis the writing weeks from its start (never less than 14 days).`}
            {...form.getInputProps("thesisDueAt")}
          />
          {count("writingWeeks", {
            label: "Writing weeks",
            description: "How long a thesis is written when the term sets no due date.",
            min: 1,
            max: 260,
          })}
          <Select
            label="Grade scale"
            data={SCALES}
            allowDeselect={false}
            disabled={gradingFrozen}
            description={frozen ?? "The scale the examiners propose grades on."}
            {...scaleProps}
            onChange={(value) => {
              scaleProps.onChange(value);
              // A tolerance in points means nothing on a scale of steps: take the new scale's default.
              if (value) form.setFieldValue("gradeTolerance", DEFAULT_TOLERANCE[value as GradeScale]);
            }}
          />
          {count("gradeTolerance", {
            label: `Grade tolerance (${toleranceUnit(scale)})`,
            description:
              frozen ?? "Two examiners' grades further apart than this are disputed; the committee decides.",
            disabled: gradingFrozen,
            min: 0,
          })}
          {count("markingDays", {
            label: "Marking days",
            description: "Assessments are due this many days after a thesis is submitted.",
            min: 1,
            max: 365,
          })}
          {count("defenseMinutes", {
            label: "Defense minutes",
            description: "How long a defense lasts unless it is set otherwise.",
            min: 15,
            max: 480,
          })}
        </SimpleGrid>
        <Switch
          label="Defense required"
          description="When on, a grade is released only after the thesis's defense has ended."
          {...form.getInputProps("defenseRequired", { type: "checkbox" })}
        />
        <Textarea
          label="Declaration of own work"
          description="Each member declares this before their group submits."
          rows={4}
          {...form.getInputProps("declarationText")}
        />
        <Fieldset
          legend={`Rubric (weights add up to 100; now ${weights})`}
          disabled={gradingFrozen}
          aria-describedby={rubricError ? rubricErrorId : undefined}
        >
          <Stack gap="xs">
            {frozen && (
              <Text size="sm" c="dimmed">
                {frozen}
              </Text>
            )}
            {form.values.rubric.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a component is its place in the list.
              <Group key={i} align="flex-start" gap="xs" wrap="nowrap">
                <TextInput
                  label={`Component ${i + 1}`}
                  maxLength={80}
                  style={{ flex: 2 }}
                  {...form.getInputProps(`rubric.${i}.name`)}
                />
                <NumberInput
                  label={`Component ${i + 1} weight`}
                  allowDecimal={false}
                  allowNegative={false}
                  min={1}
                  max={100}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`rubric.${i}.weight`)}
                />
                <TextInput
                  label={`Component ${i + 1} description`}
                  style={{ flex: 3 }}
                  {...form.getInputProps(`rubric.${i}.description`)}
                />
                <ActionIcon
                  mt={26}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove component ${i + 1}`}
                  disabled={gradingFrozen || form.values.rubric.length === 1}
                  onClick={() => form.removeListItem("rubric", i)}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            {rubricError && (
              <Text id={rubricErrorId} role="alert" size="sm" c="red">
                {rubricError}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                size="xs"
                disabled={gradingFrozen || form.values.rubric.length >= RUBRIC_MAX}
                onClick={() => form.insertListItem("rubric", { name: "", weight: "", description: "" })}
              >
                Add component
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </Stack>
    </Fieldset>
  );
}
