import { DialogButtons } from "@client/components/dialog-buttons";
import { errorMessage, isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { Modal, Select, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { useEffect, useMemo, useState } from "react";
import { usePlaceGroup } from "../api/use-allocation";
import { type GroupRow, type Model, topicChoices } from "./model";

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
  const place = usePlaceGroup();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (row) {
      setValue(null);
      setError(null);
    }
  }, [row]);

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

  const confirm = (e: React.FormEvent) => {
    e.preventDefault();
    if (!row || place.isPending) return;
    if (!value) return setError("Choose a topic.");
    place.mutate(
      { proposalId: row.proposalId, topicId: value },
      {
        onSuccess: () => {
          notify.success(MSG.groupPlaced(model.topics.get(value)?.title ?? ""));
          onClose();
        },
        onError: (err) => {
          if (isApiError(err) && (err.status === 409 || err.status === 400))
            return setError(err.fields.topicId ?? err.message);
          notify.error(errorMessage(err));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={row !== null}
      onClose={place.isPending ? () => {} : onClose}
      title="Place this group?"
      size="lg"
      centered
    >
      <form onSubmit={confirm} noValidate>
        <Stack>
          <Text size="sm">
            {row?.name} becomes Pending with the topic's supervisor and research cell; the group and the
            supervisor are told.
          </Text>
          <Select
            label="Topic"
            required
            placeholder="Choose a topic"
            data={data}
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            searchable
            limit={60}
            nothingFoundMessage="No topics found"
            error={error}
          />
          <DialogButtons onCancel={onClose} busy={place.isPending} confirm="Place group" />
        </Stack>
      </form>
    </Modal>
  );
}
