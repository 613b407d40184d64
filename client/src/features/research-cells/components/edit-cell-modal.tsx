import { EditRecordModal, SaveRecordForm } from "@client/components/record-forms";
import { useSchemaForm } from "@client/lib/forms";
import { MSG } from "@shared/messages";
import { type Cell, cellInputSchema } from "@shared/schemas/cells";
import { useUpdateCell } from "../api/use-cell-mutations";
import { CellFormFields } from "./cell-form-fields";

function EditCellForm({ cell, onClose }: { cell: Cell; onClose: () => void }) {
  const form = useSchemaForm(cellInputSchema, { title: cell.title, description: cell.description });
  return (
    <SaveRecordForm
      form={form}
      save={useUpdateCell(cell.id)}
      onClose={onClose}
      saved={MSG.cellUpdated}
      failed={MSG.updateCellFailed}
    >
      <CellFormFields form={form} />
    </SaveRecordForm>
  );
}

/** Edits a cell's title and description; the form starts from the cell each time it opens. */
export function EditCellModal({ cell, onClose }: { cell: Cell | null; onClose: () => void }) {
  return (
    <EditRecordModal title="Edit research cell" record={cell} onClose={onClose}>
      {(c) => <EditCellForm cell={c} onClose={onClose} />}
    </EditRecordModal>
  );
}
