import { DocumentInput } from "@client/components/document-input";
import { showFailure } from "@client/lib/forms";
import { notify } from "@client/lib/notify";
import { cellSupervisorQueries } from "@client/lib/queries/supervisors";
import { termQueries } from "@client/lib/queries/terms";
import { Button, Fieldset, Group, Paper, Stack } from "@mantine/core";
import { type FormValidateInput, useForm } from "@mantine/form";
import { MSG } from "@shared/messages";
import type { FileRef } from "@shared/schemas/files";
import type { CreateProposalInput, Proposal } from "@shared/schemas/proposals";
import { IconSend } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useRef, useState } from "react";
import { useSubmitProposal } from "../api/use-submit-proposal";
import { newRequestId } from "./request-id";

// biome-ignore lint/suspicious/noExplicitAny: @mantine/form's own bound on values (an interface has no index signature)
type FormValues = Record<string, any>;

/** What the form is told by the page: when it may be sent, and what follows a submission. */
export interface SubmissionProps {
  onSubmitted?: (proposal: Proposal) => void;
  /** Outside the submission window: every field and the button disabled, what was typed kept. */
  closed?: boolean;
  /** The element that says why it is closed. */
  describedBy?: string;
}

/**
 * The one form model of Submit Proposal, for a term of either kind: @mantine/form values checked
 * by `validate` and sent as `toInput(values)`; an optional PDF uploaded as soon as it is chosen
 * (the form waits for it) and sent as `documentId`; one requestId per filled-in form, so a double
 * click or a retried request never makes two proposals. A refusal goes to its field (the server's
 * names in `aliases` read as the form's), else it is "Failed to submit proposal: …". After any
 * answer the places and the window are asked again (a refusal may say they changed).
 */
export function useSubmissionForm<V extends FormValues>({
  empty,
  initial,
  validate,
  toInput,
  aliases = {},
  closed = false,
  onSubmitted,
}: SubmissionProps & {
  empty: V;
  initial?: Partial<V>;
  validate: FormValidateInput<V>;
  toInput: (values: V) => Omit<CreateProposalInput, "requestId" | "documentId">;
  aliases?: Record<string, keyof V & string>;
}) {
  const submit = useSubmitProposal();
  const qc = useQueryClient();
  // A second click before React re-renders must not send a second request.
  const sending = useRef(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const [document, setDocument] = useState<FileRef | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<V>({ mode: "controlled", initialValues: { ...empty, ...initial }, validate });

  const onSubmit = form.onSubmit((values) => {
    if (sending.current || closed || uploading) return;
    sending.current = true;
    submit.mutate(
      { ...toInput(values), requestId, documentId: document?.id },
      {
        onSuccess: ({ proposal }) => {
          form.setValues(empty);
          form.resetDirty();
          setDocument(null);
          setRequestId(newRequestId());
          notify.success(MSG.proposalSubmitted);
          onSubmitted?.(proposal);
        },
        onError: (e) => showFailure(form, e, (m) => notify.error(MSG.submitProposalFailed(m)), aliases),
        onSettled: () => {
          sending.current = false;
          qc.invalidateQueries({ queryKey: cellSupervisorQueries.all() });
          qc.invalidateQueries({ queryKey: termQueries.all() });
        },
      },
    );
  });

  return {
    form,
    onSubmit,
    busy: submit.isPending,
    uploading,
    document: { value: document, onChange: setDocument, onUploadingChange: setUploading },
  };
}

/** The frame of Submit Proposal: its fields (disabled while closed), the PDF, and the button. */
export function SubmissionForm<V extends FormValues>({
  model,
  closed = false,
  describedBy,
  children,
  after,
}: {
  model: ReturnType<typeof useSubmissionForm<V>>;
  closed?: boolean;
  describedBy?: string;
  /** The fields before the PDF. */
  children: ReactNode;
  /** The fields after it. */
  after?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={model.onSubmit} noValidate aria-label="Submit Proposal">
        <Fieldset
          variant="unstyled"
          disabled={closed}
          aria-describedby={closed ? describedBy : undefined}
          style={{ minWidth: 0 }}
        >
          <Stack>
            {children}
            <DocumentInput {...model.document} disabled={closed} />
            {after}
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconSend size={16} />}
                loading={model.busy}
                disabled={closed || model.busy || model.uploading}
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
