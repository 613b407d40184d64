import { notify } from "@client/lib/notify";
import { MSG } from "@shared/messages";
import { useMemo } from "react";
import { usePlaceGroup } from "../api/use-allocation";
import { type GroupRow, type Model, topicChoices } from "./model";
import { TopicDialog, topicRefused, useTopicChoice } from "./topic-dialog";

/**
 * After publication, places a group left unmatched on a topic (DESIGN.md §11): its own list first,
 * every topic with its places left; a full topic cannot be chosen, and the server's refusal (the
 * topic's or the supervisor's places) is said at the field.
 */
export function PlaceGroupModal({
  model,
  row,
  onClose,
}: {
  model: Model;
  row: GroupRow | null;
  onClose: () => void;
}) {
  const choice = useTopicChoice(null, row);
  const place = usePlaceGroup({
    onSuccess: (_placed, { topicId }) => {
      notify.success(MSG.groupPlaced(model.topics.get(topicId)?.title ?? ""));
      onClose();
    },
    onError: topicRefused(choice, onClose, "topicId"),
  });

  const data = useMemo(() => {
    if (!row) return [];
    const option = (id: string, prefix = "") => {
      const t = model.topics.get(id)!;
      return {
        value: id,
        label: `${prefix}${t.title} — ${t.supervisor} (${t.capacity} place${t.capacity === 1 ? "" : "s"} left)`,
        disabled: t.capacity <= 0,
      };
    };
    return topicChoices(model, row, option);
  }, [row, model]);

  return (
    <TopicDialog
      row={row}
      choice={choice}
      title="Place this group?"
      lead={
        <>
          {row?.name} becomes Pending with the topic's supervisor and research cell; the group and the
          supervisor are told.
        </>
      }
      data={data}
      select={{ required: true, placeholder: "Choose a topic" }}
      confirm="Place group"
      busy={place.isPending}
      onClose={onClose}
      onConfirm={(group, value) => {
        if (!value) return choice.setError("Choose a topic.");
        place.mutate({ proposalId: group.proposalId, topicId: value });
      }}
    />
  );
}
