import { DialogButtons } from "@client/components/dialog-buttons";
import { errorMessage, isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { type ComboboxData, Modal, Select, type SelectProps, Stack, Text } from "@mantine/core";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
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
 * what will happen, the Topic select (its own list first, every topic with its places) and the
 * action beside Cancel. Nothing closes it while the action is on its way.
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
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (row) {
      setValue(initial);
      setError(null);
    }
  }, [row, initial]);

  const answer: TopicAnswer = {
    atField: setError,
    refused: (err, ...fields) => {
      if (isApiError(err) && (err.status === 409 || err.status === 400))
        return setError(fields.map((f) => err.fields[f]).find(Boolean) ?? err.message);
      notify.error(errorMessage(err));
      onClose();
    },
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (row && !busy) onConfirm(row, value, answer);
  };

  return (
    <Modal opened={row !== null} onClose={busy ? () => {} : onClose} title={title} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
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
          <DialogButtons onCancel={onClose} busy={busy} confirm={confirm} />
        </Stack>
      </form>
    </Modal>
  );
}
