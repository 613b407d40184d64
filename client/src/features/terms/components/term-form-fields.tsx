import { NumberInput, type NumberInputProps, Select, SimpleGrid, Switch, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { TERM_MODES } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import type { TermFormValues } from "./term-values";
import { ThesisSettingsFields } from "./thesis-settings-fields";

const MODES = [
  { value: "direct", label: "Direct — students choose a supervisor" },
  { value: "allocation", label: "Allocation — topics are allocated" },
] satisfies { value: (typeof TERM_MODES)[number]; label: string }[];

/** The fields of a term (DESIGN.md §8), each with what it means; moments are in `timeZone`. */
export function TermFormFields({
  form,
  timeZone,
  modeFrozen,
  gradingFrozen = false,
}: {
  form: UseFormReturnType<TermFormValues>;
  timeZone: string;
  /** The term has proposals, so its mode stays as it is. */
  modeFrozen: boolean;
  /** A thesis of the term has been submitted: its scale, tolerance and rubric stay as they are. */
  gradingFrozen?: boolean;
}) {
  const moment = (field: keyof TermFormValues, label: string, help: string) => (
    <TextInput
      type="datetime-local"
      label={label}
      description={`In ${timeZone}. ${help}`}
      {...form.getInputProps(field)}
    />
  );
  /** A whole number of days, places or topics. */
  const count = (field: keyof TermFormValues, props: NumberInputProps) => (
    <NumberInput allowDecimal={false} allowNegative={false} {...props} {...form.getInputProps(field)} />
  );
  const allocation = form.values.mode === "allocation";
  return (
    <>
      <TextInput label="Name" required maxLength={LIMITS.termNameMax} {...form.getInputProps("name")} />
      <Select
        label="Mode"
        data={MODES}
        allowDeselect={false}
        disabled={modeFrozen}
        description={
          modeFrozen
            ? "This term has proposals, so its mode cannot change."
            : "How groups find a supervisor in this term."
        }
        {...form.getInputProps("mode")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        {moment("submissionsOpenAt", "Submissions open", "Leave empty for no limit.")}
        {moment(
          "submissionsCloseAt",
          "Submissions close",
          "No submissions from this moment on. Leave empty for no limit.",
        )}
        {moment(
          "revisionsCloseAt",
          "Revisions close",
          "The last moment to answer “Changes requested”. Leave empty for no limit.",
        )}
        {count("reviewDueDays", {
          label: "Review due (days)",
          description: "A Pending proposal is Overdue after this many days.",
          min: 1,
          max: LIMITS.reviewDueDaysMax,
        })}
        {count("defaultCapacity", {
          label: "Default places per supervisor",
          description: "Groups each supervisor takes, unless set for them. Leave empty for unlimited.",
          min: 0,
          max: LIMITS.capacityMax,
        })}
        {count("maxPreferences", {
          label: "Max preferences",
          description: allocation
            ? "How many topics a group may rank."
            : "Used by allocation terms: how many topics a group may rank.",
          disabled: !allocation,
          min: 1,
          max: LIMITS.maxPreferencesMax,
        })}
      </SimpleGrid>
      <Switch
        label="Committee approval"
        description="When on, the committee decides on a proposal after its supervisor approves it."
        {...form.getInputProps("committeeApproval", { type: "checkbox" })}
      />
      <ThesisSettingsFields form={form} timeZone={timeZone} gradingFrozen={gradingFrozen} />
    </>
  );
}
