import { DialogButtons } from "@client/components/dialog-buttons";
import { savedThenClosed } from "@client/lib/close-on-answer";
import { Modal, Stack } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { MSG } from "@shared/messages";
import { type Cell, type CellInput, cellInputSchema } from "@shared/schemas/cells";
import { useUpdateCell } from "../api/use-cell-mutations";
import { CellFormFields } from "./cell-form-fields";

function EditCellForm({ cell, onClose }: { cell: Cell; onClose: () => void }) {
  const update = useUpdateCell();
  const form = useForm<CellInput>({
    mode: "uncontrolled",
    initialValues: { title: cell.title, description: cell.description },
    validate: schemaResolver(cellInputSchema, { sync: true }),
  });
  const onSubmit = form.onSubmit((values) =>
    update.mutate(
      { id: cell.id, ...values },
      savedThenClosed(form, onClose, MSG.cellUpdated, (m) => `${MSG.updateCellFailed} ${m}`),
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <CellFormFields form={form} />
        <DialogButtons mt="sm" onCancel={onClose} busy={update.isPending} cancelWhileBusy confirm="Save" />
      </Stack>
    </form>
  );
}

/** Edits a cell's title and description; the form starts from the cell each time it opens. */
export function EditCellModal({ cell, onClose }: { cell: Cell | null; onClose: () => void }) {
  return (
    <Modal opened={cell != null} onClose={onClose} title="Edit research cell" centered>
      {cell && <EditCellForm key={cell.id} cell={cell} onClose={onClose} />}
    </Modal>
  );
}
