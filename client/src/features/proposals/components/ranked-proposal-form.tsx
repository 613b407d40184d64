import { DocumentInput } from "@client/components/document-input";
import { type TopicChoice, TopicRanker } from "@client/components/topic-ranker";
import { errorMessage, isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { termQueries } from "@client/lib/queries/terms";
import { Button, Fieldset, Group, Paper, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { PROPOSAL_TYPES, type ProposalType } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { FileRef } from "@shared/schemas/files";
import type { Proposal } from "@shared/schemas/proposals";
import { IconSend } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useSubmitProposal } from "../api/use-submit-proposal";
import { MemberPicker } from "./member-picker";
import { newRequestId } from "./request-id";

type Errors = Partial<Record<"title" | "abstract" | "type" | "memberIds" | "preferences", string>>;

/** The server names a bad list `preferences` (its shape) or `topicIds` (the term's rules): one field here. */
const FIELD_OF: Record<string, keyof Errors> = {
  title: "title",
  abstract: "abstract",
  type: "type",
  memberIds: "memberIds",
  preferences: "preferences",
  topicIds: "preferences",
};

/**
 * Submit Proposal in an allocation term (DESIGN.md §11): the type, the group members (invited),
 * an optional title, abstract and PDF, and the group's ranked topics (1…maxPreferences) instead of a
 * cell and a supervisor; those come with the topic the committee's allocation gives the group. The
 * server's refusal of the list (an unknown or withdrawn topic, a repeat, too many) is shown at it.
 */
export function RankedProposalForm({
  maxPreferences,
  onSubmitted,
  closed = false,
  describedBy,
}: {
  maxPreferences: number;
  onSubmitted?: (proposal: Proposal) => void;
  closed?: boolean;
  describedBy?: string;
}) {
  const submit = useSubmitProposal();
  const qc = useQueryClient();
  const sending = useRef(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const [type, setType] = useState<ProposalType>("Thesis");
  const [title, setTitle] = useState("");
  const [abstract, setAbstract] = useState("");
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [topics, setTopics] = useState<TopicChoice[]>([]);
  const [document, setDocument] = useState<FileRef | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const reset = () => {
    setTitle("");
    setAbstract("");
    setMemberIds([]);
    setTopics([]);
    setDocument(null);
    setErrors({});
    setRequestId(newRequestId());
  };

  const check = (): Errors => {
    const e: Errors = {};
    if (topics.length === 0) e.preferences = MSG.rankAtLeastOne;
    else if (topics.length > maxPreferences) e.preferences = MSG.tooManyPreferences(maxPreferences);
    return e;
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (sending.current || closed || uploading) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    sending.current = true;
    submit.mutate(
      {
        type,
        memberIds,
        preferences: topics.map((t) => t.id),
        title: title.trim() || undefined,
        abstract: abstract.trim() || undefined,
        documentId: document?.id,
        requestId,
      },
      {
        onSuccess: ({ proposal }) => {
          reset();
          notify.success(MSG.proposalSubmitted);
          onSubmitted?.(proposal);
        },
        onError: (e) => {
          const atFields: Errors = {};
          if (isApiError(e))
            for (const [k, v] of Object.entries(e.fields)) if (FIELD_OF[k]) atFields[FIELD_OF[k]] = v;
          setErrors(atFields);
          if (!Object.keys(atFields).length)
            notify.error(MSG.submitProposalFailed(errorMessage(e, "Please try again.")));
        },
        onSettled: () => {
          sending.current = false;
          qc.invalidateQueries({ queryKey: termQueries.all() });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={onSubmit} noValidate aria-label="Submit Proposal">
        <Fieldset
          variant="unstyled"
          disabled={closed}
          aria-describedby={closed ? describedBy : undefined}
          style={{ minWidth: 0 }}
        >
          <Stack>
            <Select
              label="Type"
              required
              disabled={closed}
              data={[...PROPOSAL_TYPES]}
              allowDeselect={false}
              value={type}
              onChange={(v) => v && setType(v as ProposalType)}
              w={{ base: "100%", sm: 240 }}
              error={errors.type}
            />
            <MemberPicker
              value={memberIds}
              onChange={(ids) => {
                setMemberIds(ids);
                setErrors((e) => ({ ...e, memberIds: undefined }));
              }}
              error={errors.memberIds}
              disabled={closed}
            />
            <TopicRanker
              value={topics}
              onChange={(next) => {
                setTopics(next);
                setErrors((e) => ({ ...e, preferences: undefined }));
              }}
              max={maxPreferences}
              error={errors.preferences}
              disabled={closed}
            />
            <TextInput
              label="Title (optional)"
              description="Leave it empty to take the title of the topic your group is given."
              disabled={closed}
              maxLength={LIMITS.proposalTitleMax}
              value={title}
              error={errors.title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <Textarea
              label="Abstract (optional)"
              description="Leave it empty to take the topic's description."
              disabled={closed}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={LIMITS.proposalAbstractMax}
              value={abstract}
              error={errors.abstract}
              onChange={(e) => setAbstract(e.currentTarget.value)}
            />
            <DocumentInput
              value={document}
              onChange={setDocument}
              disabled={closed}
              onUploadingChange={setUploading}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconSend size={16} />}
                loading={submit.isPending}
                disabled={closed || submit.isPending || uploading}
              >
                Submit Proposal
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>
    </Paper>
  );
}
