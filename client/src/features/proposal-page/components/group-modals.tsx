import { ActionModal, ActionText, useActionText } from "@client/components/action-modal";
import { formAfterRefusal, reasonAfterRefusal } from "@client/lib/life-mutation";
import { notify } from "@client/lib/notify";
import { proposalTitle } from "@client/lib/proposal-format";
import { Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { withdrawSchema } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";
import { useNavigate } from "react-router";
import { useLeave, useWithdraw } from "../api/use-group-actions";
import { fieldErrors } from "./field-errors";

/**
 * The creator withdraws the proposal, with an optional reason, or the committee withdraws what a
 * deactivated account left behind, with a reason (the table says which): everyone's places are freed.
 */
export function WithdrawModal({
  proposal: p,
  opened,
  onClose,
  reasonRequired = false,
}: {
  proposal: Proposal;
  opened: boolean;
  onClose: () => void;
  reasonRequired?: boolean;
}) {
  const withdraw = useWithdraw(p.id, {
    fields: ["reason"],
    onSuccess: () => {
      notify.success(MSG.proposalWithdrawn);
      onClose();
    },
  });
  const reason = useActionText();
  const confirm = () => {
    const parsed = withdrawSchema.safeParse({ reason: reason.value });
    if (!parsed.success) return reason.setError(fieldErrors(parsed.error).reason ?? null);
    if (reasonRequired && !parsed.data.reason) return reason.setError(MSG.withdrawReasonRequired);
    withdraw.mutate(parsed.data, {
      onError: reasonAfterRefusal(reason, onClose),
    });
  };
  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      title="Withdraw this proposal?"
      confirmLabel="Withdraw proposal"
      confirmColor="red"
      onConfirm={confirm}
      loading={withdraw.isPending}
    >
      <Text size="sm">
        “{proposalTitle(p)}” becomes Withdrawn, and this cannot be undone: every member's place in{" "}
        {p.term.name} and the supervisor's place are freed, and open invitations are cancelled. Everyone
        concerned is told.
      </Text>
      <ActionText
        kind="reason"
        text={reason}
        label={reasonRequired ? "Reason" : "Reason (optional)"}
        withAsterisk={reasonRequired}
        description="The group and the supervisor see it on the timeline."
      />
    </ActionModal>
  );
}

/** An accepted member (not the creator) leaves the group before it reaches a supervisor. */
export function LeaveModal({
  proposal: p,
  opened,
  onClose,
}: {
  proposal: Proposal;
  opened: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const leave = useLeave(p.id, {
    onSuccess: () => {
      notify.success(MSG.leftGroup(proposalTitle(p)));
      // A student who left no longer sees the proposal.
      void navigate("/student/dashboard");
    },
  });
  const confirm = () => leave.mutate(undefined, { onError: (e) => formAfterRefusal(e, { close: onClose }) });
  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      title="Leave the group?"
      confirmLabel="Leave group"
      confirmColor="red"
      onConfirm={confirm}
      loading={leave.isPending}
    >
      <Text size="sm">
        You leave the group of “{proposalTitle(p)}”: your place in {p.term.name} is freed and you will no
        longer see this proposal. The group is told.
      </Text>
    </ActionModal>
  );
}
