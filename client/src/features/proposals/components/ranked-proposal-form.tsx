import { type TopicChoice, TopicRanker } from "@client/components/topic-ranker";
import { growingText } from "@client/lib/forms";
import { Textarea, TextInput } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { MemberPicker } from "./member-picker";
import { SubmissionForm, type SubmissionProps, useSubmissionForm } from "./submission-form";

interface RankedValues {
  memberIds: string[];
  preferences: TopicChoice[];
  title: string;
  abstract: string;
}

const emptyValues: RankedValues = { memberIds: [], preferences: [], title: "", abstract: "" };

/**
 * Submit Proposal in an allocation term (DESIGN.md §11): the group members (invited),
 * an optional title, abstract and PDF, and the group's ranked topics (1…maxPreferences) instead of a
 * cell and a supervisor; those, and the type (thesis or project), come with the topic the committee's allocation gives the group. The
 * server's refusal of the list (an unknown or withdrawn topic, a repeat, too many: `preferences`
 * or `topicIds`) is shown at it. The same submission model as the direct form.
 */
export function RankedProposalForm({
  maxPreferences,
  ...props
}: SubmissionProps & { maxPreferences: number }) {
  const model = useSubmissionForm<RankedValues>({
    ...props,
    empty: emptyValues,
    validate: {
      preferences: (topics) =>
        topics.length === 0
          ? MSG.rankAtLeastOne
          : topics.length > maxPreferences
            ? MSG.tooManyPreferences(maxPreferences)
            : null,
    },
    toInput: (v) => ({
      memberIds: v.memberIds,
      preferences: v.preferences.map((t) => t.id),
      title: v.title.trim() || undefined,
      abstract: v.abstract.trim() || undefined,
    }),
    aliases: { topicIds: "preferences" },
  });
  const { form } = model;
  const closed = props.closed ?? false;

  return (
    <SubmissionForm model={model} closed={closed} describedBy={props.describedBy}>
      <MemberPicker
        mode="allocation"
        value={form.values.memberIds}
        onChange={(ids) => form.setFieldValue("memberIds", ids)}
        error={form.errors.memberIds}
        disabled={closed}
      />
      <TopicRanker
        value={form.values.preferences}
        onChange={(next) => form.setFieldValue("preferences", next)}
        max={maxPreferences}
        error={form.errors.preferences}
        disabled={closed}
      />
      <TextInput
        label="Title (optional)"
        description="Leave it empty to take the title of the topic your group is given."
        disabled={closed}
        maxLength={LIMITS.proposalTitleMax}
        {...form.getInputProps("title")}
      />
      <Textarea
        label="Abstract (optional)"
        description="Leave it empty to take the topic's description."
        disabled={closed}
        {...growingText(3, 10, LIMITS.proposalAbstractMax)}
        {...form.getInputProps("abstract")}
      />
    </SubmissionForm>
  );
}
