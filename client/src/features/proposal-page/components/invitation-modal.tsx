import { ActionModal, confirming } from "@client/components/action-modal";
import { formAfterRefusal } from "@client/lib/life-mutation";
import { notify } from "@client/lib/notify";
import { proposalTitle, supervisorName } from "@client/lib/proposal-format";
import { Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Proposal } from "@shared/schemas/proposals";
import { useNavigate } from "react-router";
import { useAnswerInvitation } from "../api/use-invitation";

/**
 * Accepting or declining an invitation, after saying what it means. Accepting takes the student's
 * one place in the term (and declines their other open invitations there); declining leaves the
 * proposal out of their sight, so they go back to their dashboard.
 */
export function InvitationModal({
  proposal: p,
  answer,
  onClose,
}: {
  proposal: Proposal;
  answer: "accept" | "decline" | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const send = useAnswerInvitation(p.id, {
    onSuccess: (_answer, accepted) => {
      if (accepted) {
        notify.success(MSG.invitationAccepted(proposalTitle(p)));
        onClose();
      } else {
        notify.success(MSG.invitationDeclined(proposalTitle(p)));
        void navigate("/student/dashboard");
      }
    },
    onRefused: (e) => formAfterRefusal(e, { close: onClose }),
  });
  const creator = p.createdBy?.name || MSG.unknown;
  const confirm = () => send.mutate(answer === "accept");
  const dialog = confirming({ opened: answer !== null, onClose }, send, confirm);
  return (
    <ActionModal
      {...dialog}
      title={answer === "accept" ? "Accept the invitation?" : "Decline the invitation?"}
      confirmLabel={answer === "accept" ? "Accept invitation" : "Decline invitation"}
      confirmColor={answer === "accept" ? "green" : "red"}
    >
      {answer === "accept" ? (
        <Text size="sm">
          You join {creator}'s group for “{proposalTitle(p)}”
          {p.supervisor ? `, supervised by ${supervisorName(p)}` : ""}. This takes your one place in{" "}
          {p.term.name}: any other open invitation you have there is declined. Once everyone invited has
          answered, {MSG.afterAnswers(p.term.mode)}.
        </Text>
      ) : (
        <Text size="sm">
          You will not be in {creator}'s group for “{proposalTitle(p)}”, and you will no longer see this
          proposal. {creator} is told.
        </Text>
      )}
    </ActionModal>
  );
}
