import {
  ActionModal,
  actionValueProps,
  confirming,
  useActionText,
  useActionValue,
} from "@client/components/action-modal";
import { textAfterRefusal } from "@client/lib/life-mutation";
import { notify } from "@client/lib/notify";
import { cellTitle, supervisorName } from "@client/lib/proposal-format";
import { termQueries } from "@client/lib/queries/terms";
import { Loader, Select, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { type DecisionInput, decisionSchema, reassignSchema, reopenSchema } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";
import { useQuery } from "@tanstack/react-query";
import { useDecision, useReassign, useReopen } from "../api/use-committee-actions";
import { useReassignOptions } from "../api/use-reassign-options";
import { fieldErrors } from "./field-errors";
import { type ModalProps, TextStepModal, textStep } from "./text-step-modal";

/** The committee's sign-off of a proposal Awaiting committee: feedback optional to approve, required to deny. */
export function DecisionModal({
  proposal: p,
  decision,
  onClose,
}: {
  proposal: Proposal;
  decision: "Approved" | "Denied" | null;
  onClose: () => void;
}) {
  const feedback = useActionText(decision !== null);
  const decide = useDecision(
    p.id,
    textStep("feedback", feedback, onClose, (input: DecisionInput) => MSG.committeeDecided(input.status)),
  );
  const approving = decision === "Approved";
  return (
    <TextStepModal
      opened={decision !== null}
      onClose={onClose}
      title={approving ? "Approve this proposal?" : "Deny this proposal?"}
      confirmLabel={approving ? "Approve proposal" : "Deny proposal"}
      confirmColor={approving ? "green" : "red"}
      kind="feedback"
      text={feedback}
      schema={decisionSchema}
      input={{ status: decision }}
      step={{ mutate: (input) => decision && decide.mutate(input), isPending: decide.isPending }}
      lead={
        approving
          ? `“${p.title}” becomes Approved, as ${supervisorName(p)} recommended. The group and the supervisor are told.`
          : `“${p.title}” becomes Denied: its members' places and the supervisor's place are freed. The group and the supervisor are told.`
      }
      field={{
        label: "Feedback",
        required: !approving,
        description: approving ? "Optional; the group sees it." : "Required when denying; the group sees it.",
      }}
    />
  );
}

/** The committee reopens an Approved or Denied proposal, with a reason: Pending again, places taken back. */
export function ReopenModal({ proposal: p, opened, onClose }: ModalProps) {
  const reason = useActionText(opened);
  const reopen = useReopen(
    p.id,
    textStep("reason", reason, onClose, () => MSG.proposalReopened),
  );
  return (
    <TextStepModal
      opened={opened}
      onClose={onClose}
      title="Reopen this proposal?"
      confirmLabel="Reopen proposal"
      kind="reason"
      text={reason}
      schema={reopenSchema}
      input={{}}
      step={reopen}
      lead={
        <>
          “{p.title}” becomes Pending again, for {supervisorName(p)} to review anew. Its members and the
          supervisor take their places in {p.term.name} back; if one of them no longer can, nothing changes
          and you are told why.
        </>
      }
      field={{
        label: "Reason",
        required: true,
        description: "The group and the supervisor see it on the timeline.",
      }}
    />
  );
}

/** The committee gives the proposal to another supervisor of its cell, who needs a place left. */
export function ReassignModal({ proposal: p, opened, onClose }: ModalProps) {
  const options = useReassignOptions(p.researchCell?.id ?? null, p.supervisor?.id ?? null, opened);
  const choice = useActionValue<string | null>(null, opened);
  const reassign = useReassign(p.id, {
    fields: ["supervisorId"],
    onSuccess: (_answer, input) => {
      notify.success(
        MSG.proposalReassigned(
          options.data?.find((o) => o.value === input.supervisorId)?.name ?? MSG.unknown,
        ),
      );
      onClose();
    },
    onRefused: textAfterRefusal("supervisorId", choice, onClose),
  });
  const current = useQuery(termQueries.list()).data?.items.find((t) => t.current);
  const confirm = () => {
    const parsed = reassignSchema.safeParse({ supervisorId: choice.value ?? "" });
    if (!parsed.success) return choice.setError(fieldErrors(parsed.error).supervisorId ?? null);
    reassign.mutate(parsed.data);
  };
  const none = options.isSuccess && options.data.length === 0;
  const dialog = confirming({ opened, onClose }, reassign, confirm);
  return (
    <ActionModal {...dialog} title="Reassign this proposal?" confirmLabel="Reassign" confirmDisabled={none}>
      <Text size="sm">
        “{p.title}” moves from {supervisorName(p)} to another supervisor of {cellTitle(p)}, keeping its
        status. Both supervisors and the group are told.
      </Text>
      {none ? (
        <Text size="sm" fw={500}>
          {cellTitle(p)} has no other supervisor.
        </Text>
      ) : (
        <Select
          label="New supervisor"
          required
          placeholder={options.isPending ? "Loading supervisors…" : "Choose a supervisor"}
          description={
            current && current.id !== p.term.id
              ? `Places left are those of the current term, ${current.name}.`
              : "A supervisor with no places left cannot be chosen."
          }
          data={(options.data ?? []).map(({ value, label, disabled }) => ({ value, label, disabled }))}
          {...actionValueProps(choice)}
          rightSection={options.isPending ? <Loader size="xs" /> : undefined}
          error={choice.error ?? (options.isError ? "The supervisors could not be loaded." : null)}
          data-autofocus
        />
      )}
    </ActionModal>
  );
}
