import { ActionModal, confirming, useActionText } from "@client/components/action-modal";
import { formAfterRefusal } from "@client/lib/life-mutation";
import { notify } from "@client/lib/notify";
import { proposalTitle } from "@client/lib/proposal-format";
import { Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { withdrawSchema } from "@shared/schemas/life";
import { useNavigate } from "react-router";
import { useLeave, useWithdraw } from "../api/use-group-actions";
import { type ModalProps, TextStepModal, textStep } from "./text-step-modal";

/**
 * The creator withdraws the proposal, with an optional reason, or the committee withdraws what a
 * deactivated account left behind, with a reason (the table says which): everyone's places are freed.
 */
export function WithdrawModal({
  proposal: p,
  opened,
  onClose,
  reasonRequired = false,
}: ModalProps & { reasonRequired?: boolean }) {
  const reason = useActionText();
  const withdraw = useWithdraw(
    p.id,
    textStep("reason", reason, onClose, () => MSG.proposalWithdrawn),
  );
  return (
    <TextStepModal
      opened={opened}
      onClose={onClose}
      title="Withdraw this proposal?"
      confirmLabel="Withdraw proposal"
      confirmColor="red"
      kind="reason"
      text={reason}
      schema={withdrawSchema}
      input={{}}
      check={(input) => (reasonRequired && !input.reason ? MSG.withdrawReasonRequired : undefined)}
      step={withdraw}
      lead={
        <>
          “{proposalTitle(p)}” becomes Withdrawn, and this cannot be undone: every member's place in{" "}
          {p.term.name} and the supervisor's place are freed, and open invitations are cancelled. Everyone
          concerned is told.
        </>
      }
      field={{
        label: reasonRequired ? "Reason" : "Reason (optional)",
        withAsterisk: reasonRequired,
        description: "The group and the supervisor see it on the timeline.",
      }}
    />
  );
}

/** An accepted member (not the creator) leaves the group before it reaches a supervisor. */
export function LeaveModal({ proposal: p, opened, onClose }: ModalProps) {
  const navigate = useNavigate();
  const leave = useLeave(p.id, {
    onSuccess: () => {
      notify.success(MSG.leftGroup(proposalTitle(p)));
      // A student who left no longer sees the proposal.
      void navigate("/student/dashboard");
    },
    onRefused: (e) => formAfterRefusal(e, { close: onClose }),
  });
  const dialog = confirming({ opened, onClose }, leave, () => leave.mutate());
  return (
    <ActionModal {...dialog} title="Leave the group?" confirmLabel="Leave group" confirmColor="red">
      <Text size="sm">
        You leave the group of “{proposalTitle(p)}”: your place in {p.term.name} is freed and you will no
        longer see this proposal. The group is told.
      </Text>
    </ActionModal>
  );
}
