import { ActionModal, confirming } from "@client/components/action-modal";
import { closeOnAnswer } from "@client/lib/close-on-answer";
import { Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Allocation } from "@shared/schemas/allocation";
import { usePublishAllocation } from "../api/use-allocation";

/**
 * The confirmation before publishing a term's draft (DESIGN.md §11): what happens to the groups,
 * and the blocking pairs the draft has after moves by hand, which are published as they are.
 */
export function PublishModal(props: {
  termId: string;
  draft: Allocation["draft"];
  opened: boolean;
  onClose: () => void;
  onPublished: () => void;
}) {
  const { termId, draft, opened, onClose, onPublished } = props;
  const publish = usePublishAllocation(
    termId,
    closeOnAnswer(onClose, (r) => MSG.allocationPublishedDone(r.placed, r.unmatched), onPublished),
  );
  const matched = draft?.assignments.filter((x) => x.topicId !== null).length ?? 0;
  const pairs = draft?.blockingPairs.length ?? 0;
  const dialog = confirming({ opened, onClose }, publish, () => publish.mutate());
  return (
    <ActionModal {...dialog} title="Publish the allocation?" confirmLabel="Publish allocation" focusConfirm>
      <Text size="sm">
        {matched.toLocaleString("en")} group{matched === 1 ? "" : "s"} become Pending with their topic's
        supervisor and research cell; {(draft ? draft.assignments.length - matched : 0).toLocaleString("en")}{" "}
        stay Awaiting allocation for you to place by hand. Every group and supervisor is emailed. A term is
        published once: its topics and preferences are then frozen.
      </Text>
      {pairs > 0 && (
        <Text size="sm" fw={500}>
          The draft has {pairs} blocking pair{pairs === 1 ? "" : "s"} (a group and a topic that would both
          rather have each other, after moves by hand): {pairs === 1 ? "it is" : "they are"} published as{" "}
          {pairs === 1 ? "it is" : "they are"}, and the certificate records {pairs === 1 ? "it" : "them"}.
        </Text>
      )}
    </ActionModal>
  );
}
