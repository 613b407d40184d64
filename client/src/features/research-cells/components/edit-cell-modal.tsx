import { EditRecordDialog } from "@client/components/record-forms";
import { MSG } from "@shared/messages";
import { type Cell, cellInputSchema } from "@shared/schemas/cells";
import { useUpdateCell } from "../api/use-cell-mutations";
import { CellFormFields } from "./cell-form-fields";

/** Edits a cell's title and description; the form starts from the cell each time it opens. */
export function EditCellModal({ cell, onClose }: { cell: Cell | null; onClose: () => void }) {
  return (
    <EditRecordDialog
      title="Edit research cell"
      record={cell}
      onClose={onClose}
      schema={cellInputSchema}
      values={(c: Cell) => ({ title: c.title, description: c.description })}
      useSave={useUpdateCell}
      saved={MSG.cellUpdated}
      failed={MSG.updateCellFailed}
      Fields={CellFormFields}
    />
  );
}
