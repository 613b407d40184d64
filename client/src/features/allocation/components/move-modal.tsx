import { DialogButtons } from "@client/components/dialog-buttons";
import { errorMessage, isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { Modal, Select, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { useEffect, useMemo, useState } from "react";
import { useMoveGroup } from "../api/use-allocation";
import { type GroupRow, type Model, topicChoices, topicTitle } from "./model";

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
  const move = useMoveGroup(termId);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (row) {
      setValue(row.topicId ?? NONE);
      setError(null);
    }
  }, [row]);

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

  const confirm = (e: React.FormEvent) => {
    e.preventDefault();
    if (!row || move.isPending) return;
    const topicId = value === NONE || value === null ? null : value;
    if (topicId === row.topicId) return onClose();
    move.mutate(
      { proposalId: row.proposalId, topicId },
      {
        onSuccess: ({ blockingPairs }) => {
          notify.success(MSG.groupMoved(row.name, topicId ? topicTitle(model, topicId) : null));
          onMoved(row.proposalId, blockingPairs);
          onClose();
        },
        onError: (err) => {
          if (isApiError(err) && (err.status === 409 || err.status === 400))
            return setError(err.fields.topicId ?? err.fields.proposalId ?? err.message);
          notify.error(errorMessage(err));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={row !== null}
      onClose={move.isPending ? () => {} : onClose}
      title="Move this group in the draft?"
      size="lg"
      centered
    >
      <form onSubmit={confirm} noValidate>
        <Stack>
          <Text size="sm">
            {row?.name} now has {topicTitle(model, row?.topicId ?? null)}. Nothing is published until you
            publish; a move may make the draft unstable, and the blocking pairs it creates are listed.
          </Text>
          <Select
            label="Topic"
            data={data}
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            searchable
            limit={60}
            allowDeselect={false}
            nothingFoundMessage="No topics found"
            error={error}
          />
          <DialogButtons onCancel={onClose} busy={move.isPending} confirm="Move group" />
        </Stack>
      </form>
    </Modal>
  );
}
