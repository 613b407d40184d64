import { DialogButtons } from "@client/components/dialog-buttons";
import { savedThenClosed } from "@client/lib/close-on-answer";
import { showFailure, useSchemaForm } from "@client/lib/forms";
import { notify } from "@client/lib/notify";
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconPlus } from "@tabler/icons-react";
import { type ComponentType, Fragment, type ReactNode } from "react";

/** The mutation that sends a record form's values (add or save), as the form uses it. */
interface Send<T> {
  mutate: (values: T, answer: { onSuccess: () => void; onError: (e: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * The form above a list of records (rooms, research cells): "New …", the fields side by side in
 * `cols` columns and the add button (`name`, which also names the form). Added, it is told in
 * `added` and emptied; refused, the reason goes to its field, or is told after `failed`.
 */
export function AddRecordForm<T>({
  heading,
  name,
  cols,
  form,
  add,
  added,
  failed,
  children,
}: {
  heading: string;
  name: string;
  cols: number;
  form: UseFormReturnType<T>;
  add: Send<T>;
  added: string;
  failed: string;
  children: ReactNode;
}) {
  const onSubmit = form.onSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        notify.success(added);
        form.reset();
      },
      onError: (e) => showFailure(form, e, (m) => notify.error(`${failed} ${m}`)),
    }),
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="sm">
        {heading}
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label={name}>
        <SimpleGrid cols={{ base: 1, md: cols }} spacing="sm" verticalSpacing="sm">
          {children}
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={add.isPending} leftSection={<IconPlus size={16} />}>
            {name}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/**
 * The form of an edit dialog (a room, a research cell): the fields, then Cancel and Save. Saved, it
 * is told in `saved` and the dialog closed; refused, the reason goes to its field, or is told after
 * `failed`.
 */
export function SaveRecordForm<T>({
  form,
  save,
  onClose,
  saved,
  failed,
  children,
}: {
  form: UseFormReturnType<T>;
  save: Send<T>;
  onClose: () => void;
  saved: string;
  failed: string;
  children: ReactNode;
}) {
  const onSubmit = form.onSubmit((values) =>
    save.mutate(
      values,
      savedThenClosed(form, onClose, saved, (m) => `${failed} ${m}`),
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {children}
        <DialogButtons mt="sm" onCancel={onClose} busy={save.isPending} cancelWhileBusy confirm="Save" />
      </Stack>
    </form>
  );
}

/**
 * The dialog that edits `record` while there is one; its form (`children`) is made afresh for each
 * record, so that it starts from the record each time it opens.
 */
export function EditRecordModal<R extends { id: string }>({
  title,
  record,
  onClose,
  children,
}: {
  title: string;
  record: R | null;
  onClose: () => void;
  children: (record: R) => ReactNode;
}) {
  return (
    <Modal opened={record != null} onClose={onClose} title={title} centered>
      {record && <Fragment key={record.id}>{children(record)}</Fragment>}
    </Modal>
  );
}

/** What edits one record: its form's schema, the values it starts from, its save and its words. */
interface RecordEdit<R, T> {
  schema: Parameters<typeof useSchemaForm>[0];
  values: (record: R) => T;
  /** The hook of the record's save (`useUpdateRoom`), given its id. */
  useSave: (id: string) => Send<T>;
  saved: string;
  failed: string;
  /** The form's fields (those of its add form). */
  Fields: ComponentType<{ form: UseFormReturnType<T> }>;
}

function EditRecordForm<R extends { id: string }, T extends Record<string, unknown>>({
  record,
  onClose,
  schema,
  values,
  useSave,
  saved,
  failed,
  Fields,
}: RecordEdit<R, T> & { record: R; onClose: () => void }) {
  const form = useSchemaForm(schema, values(record));
  return (
    <SaveRecordForm form={form} save={useSave(record.id)} onClose={onClose} saved={saved} failed={failed}>
      <Fields form={form} />
    </SaveRecordForm>
  );
}

/** EditRecordModal with its SaveRecordForm: the record's fields, starting from the record each time it opens. */
export function EditRecordDialog<R extends { id: string }, T extends Record<string, unknown>>({
  title,
  record,
  onClose,
  ...edit
}: RecordEdit<R, T> & { title: string; record: R | null; onClose: () => void }) {
  return (
    <EditRecordModal title={title} record={record} onClose={onClose}>
      {(r) => <EditRecordForm record={r} onClose={onClose} {...edit} />}
    </EditRecordModal>
  );
}
