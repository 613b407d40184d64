import { notify } from "@client/lib/notify";
import { MSG } from "@shared/messages";
import { useMemo } from "react";
import { useMoveGroup } from "../api/use-allocation";
import { type GroupRow, type Model, topicChoices, topicTitle } from "./model";
import { TopicDialog, topicRefused, useTopicChoice } from "./topic-dialog";

const NONE = "none";

/**
 * Moves one group by hand in the draft: to a topic (its own list first, then every other topic,
 * each with the places the draft leaves it) or to none. The server checks the topic's and its
 * supervisor's places; a refusal is said at the field. The screen then shows the blocking pairs
 * the move creates.
 */
export function MoveModal({
  termId,
  model,
  row,
  onClose,
  onMoved,
}: {
  termId: string;
  model: Model;
  row: GroupRow | null;
  onClose: () => void;
  onMoved: (groupId: string, blockingPairs: { proposalId: string; topicId: string }[]) => void;
}) {
  const choice = useTopicChoice(row ? (row.topicId ?? NONE) : null, row);
  const move = useMoveGroup(termId, {
    onSuccess: ({ blockingPairs }, { proposalId, topicId }) => {
      notify.success(
        MSG.groupMoved(model.names.get(proposalId) ?? "", topicId ? topicTitle(model, topicId) : null),
      );
      onMoved(proposalId, blockingPairs);
      onClose();
    },
    onError: topicRefused(choice, onClose, "topicId", "proposalId"),
  });

  const data = useMemo(() => {
    if (!row) return [];
    const option = (id: string, prefix = "") => {
      const t = model.topics.get(id)!;
      const left = t.capacity - (model.onTopic.get(id) ?? 0) + (row.topicId === id ? 1 : 0);
      return {
        value: id,
        label: `${prefix}${t.title} — ${t.supervisor} (${Math.max(0, left)} of ${t.capacity} left)`,
        disabled: left <= 0 && row.topicId !== id,
      };
    };
    return [
      { group: "No topic", items: [{ value: NONE, label: "No topic (unmatched)" }] },
      ...topicChoices(model, row, option),
    ];
  }, [row, model]);

  return (
    <TopicDialog
      row={row}
      choice={choice}
      title="Move this group in the draft?"
      lead={
        <>
          {row?.name} now has {topicTitle(model, row?.topicId ?? null)}. Nothing is published until you
          publish; a move may make the draft unstable, and the blocking pairs it creates are listed.
        </>
      }
      data={data}
      select={{ allowDeselect: false }}
      confirm="Move group"
      busy={move.isPending}
      onClose={onClose}
      onConfirm={(group, value) => {
        const topicId = value === NONE || value === null ? null : value;
        if (topicId === group.topicId) return onClose();
        move.mutate({ proposalId: group.proposalId, topicId });
      }}
    />
  );
}
