import { ActionModal, useActionValue } from "@client/components/action-modal";
import { errorMessage, isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { type ComboboxData, Select, type SelectProps, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { GroupRow } from "./model";

/** What the dialog's action is told: where to say a refusal. */
export interface TopicAnswer {
  /** A message at the Topic field (the dialog stays open). */
  atField: (message: string) => void;
  /**
   * The server's refusal: a 409 or a 400 (the topic's or its supervisor's places, the group's
   * state) at the field, by the first of `fields` it names; anything else as a notification, and
   * the dialog closes.
   */
  refused: (error: unknown, ...fields: string[]) => void;
}

/**
 * A dialog that gives one group a topic (moving it in the draft, or placing it after publication):
 * an ActionModal with what will happen and the Topic select (its own list first, every topic with
 * its places). Nothing closes it while the action is on its way.
 */
export function TopicDialog({
  row,
  title,
  lead,
  initial,
  data,
  confirm,
  busy,
  onClose,
  onConfirm,
  select,
}: {
  row: GroupRow | null;
  title: string;
  lead: ReactNode;
  /** The choice the dialog opens with. */
  initial: string | null;
  data: ComboboxData;
  confirm: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (row: GroupRow, value: string | null, answer: TopicAnswer) => void;
  select?: Partial<SelectProps>;
}) {
  const { value, setValue, error, setError } = useActionValue(initial, row);

  const answer: TopicAnswer = {
    atField: setError,
    refused: (err, ...fields) => {
      if (isApiError(err) && (err.status === 409 || err.status === 400))
        return setError(fields.map((f) => err.fields[f]).find(Boolean) ?? err.message);
      notify.error(errorMessage(err));
      onClose();
    },
  };
  return (
    <ActionModal
      opened={row !== null}
      onClose={onClose}
      title={title}
      confirmLabel={confirm}
      onConfirm={() => row && onConfirm(row, value, answer)}
      loading={busy}
    >
      <Text size="sm">{lead}</Text>
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
        nothingFoundMessage="No topics found"
        error={error}
        {...select}
      />
    </ActionModal>
  );
}
