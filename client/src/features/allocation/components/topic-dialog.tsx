import { ActionModal, actionValueProps, useActionValue } from "@client/components/action-modal";
import { errorMessage, isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { type ComboboxData, Select, type SelectProps, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { GroupRow } from "./model";

/** The Topic the dialog asks for, with its error: back to `initial` each time the dialog opens on a row. */
export const useTopicChoice = (initial: string | null, row: GroupRow | null) => useActionValue(initial, row);

/**
 * What the dialog does with the server's refusal, given to the action's hook (given to `mutate`, it
 * would be lost if the dialog were gone before the answer): a 409 or a 400 (the topic's or its
 * supervisor's places, the group's state) at the field, by the first of `fields` it names; anything
 * else as a notification, and the dialog closes.
 */
export const topicRefused =
  (choice: ReturnType<typeof useTopicChoice>, onClose: () => void, ...fields: string[]) =>
  (err: unknown) => {
    if (isApiError(err) && (err.status === 409 || err.status === 400))
      return choice.setError(fields.map((f) => err.fields[f]).find(Boolean) ?? err.message);
    notify.error(errorMessage(err));
    onClose();
  };

/**
 * A dialog that gives one group a topic (moving it in the draft, or placing it after publication):
 * an ActionModal with what will happen and the Topic select (its own list first, every topic with
 * its places). Nothing closes it while the action is on its way.
 */
export function TopicDialog({
  row,
  choice,
  title,
  lead,
  data,
  confirm,
  busy,
  onClose,
  onConfirm,
  select,
}: {
  row: GroupRow | null;
  choice: ReturnType<typeof useTopicChoice>;
  title: string;
  lead: ReactNode;
  data: ComboboxData;
  confirm: string;
  busy: boolean;
  onClose: () => void;
  /** Sends the action for the row and the chosen topic (useTopicChoice's error says "Choose a topic." and the like). */
  onConfirm: (row: GroupRow, value: string | null) => void;
  select?: Partial<SelectProps>;
}) {
  return (
    <ActionModal
      opened={row !== null}
      onClose={onClose}
      title={title}
      confirmLabel={confirm}
      onConfirm={() => row && onConfirm(row, choice.value)}
      loading={busy}
    >
      <Text size="sm">{lead}</Text>
      <Select
        label="Topic"
        data={data}
        {...actionValueProps(choice)}
        searchable
        limit={60}
        nothingFoundMessage="No topics found"
        {...select}
      />
    </ActionModal>
  );
}
