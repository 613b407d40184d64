import { DialogButtons } from "@client/components/dialog-buttons";
import { showFailure } from "@client/lib/forms";
import { notify } from "@client/lib/notify";
import { Modal, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { MSG } from "@shared/messages";
import type { Term } from "@shared/schemas/terms";
import { useState } from "react";
import { useCreateTerm } from "../api/use-create-term";
import { useUpdateTerm } from "../api/use-update-term";
import { TermFormFields } from "./term-form-fields";
import {
  changedFields,
  createTermSchema,
  editTermSchema,
  emptyTermValues,
  type TermFormValues,
  termToValues,
  valuesToInput,
} from "./term-values";

/** "new" opens an empty form; a term opens the form with its values. */
export type TermEditing = Term | "new" | null;

function TermForm({ term, timeZone, onClose }: { term: Term | null; timeZone: string; onClose: () => void }) {
  const create = useCreateTerm();
  const update = useUpdateTerm();
  // What the form opened with: an edit sends the fields that differ from it.
  const [initial] = useState(() => (term ? termToValues(term, timeZone) : emptyTermValues));
  const form = useForm<TermFormValues>({
    mode: "controlled",
    initialValues: initial,
    validate: schemaResolver(term ? editTermSchema(timeZone) : createTermSchema(timeZone), { sync: true }),
  });
  const failed = (e: unknown) => showFailure(form, e, (m) => notify.error(m));

  const onSubmit = form.onSubmit((values) => {
    if (!term) {
      create.mutate(valuesToInput(values, timeZone), {
        onSuccess: () => {
          notify.success(MSG.termCreated);
          onClose();
        },
        onError: failed,
      });
      return;
    }
    const patch = changedFields(values, initial, timeZone);
    if (!Object.keys(patch).length) {
      onClose();
      return;
    }
    update.mutate(
      { id: term.id, patch },
      {
        onSuccess: () => {
          notify.success(MSG.termUpdated);
          onClose();
        },
        onError: failed,
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={term ? `Edit ${term.name}` : "New term"}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Times are in {timeZone}.
        </Text>
        <TermFormFields
          form={form}
          timeZone={timeZone}
          modeFrozen={(term?.proposalCount ?? 0) > 0}
          gradingFrozen={term?.gradingFrozen ?? false}
        />
        <DialogButtons
          mt="sm"
          onCancel={onClose}
          busy={create.isPending || update.isPending}
          cancelWhileBusy
          confirm={term ? "Save" : "Create term"}
        />
      </Stack>
    </form>
  );
}

/** Creates a term or edits one; the form starts afresh each time it opens. */
export function TermFormModal({
  editing,
  timeZone,
  onClose,
}: {
  editing: TermEditing;
  timeZone: string;
  onClose: () => void;
}) {
  const term = editing === "new" ? null : editing;
  return (
    <Modal
      opened={editing != null}
      onClose={onClose}
      title={term ? `Edit ${term.name}` : "New term"}
      size="lg"
      centered
    >
      {editing != null && (
        <TermForm key={term?.id ?? "new"} term={term} timeZone={timeZone} onClose={onClose} />
      )}
    </Modal>
  );
}
