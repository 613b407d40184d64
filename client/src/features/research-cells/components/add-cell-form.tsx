import { AddRecordForm } from "@client/components/record-forms";
import { useSchemaForm } from "@client/lib/forms";
import { MSG } from "@shared/messages";
import { cellInputSchema } from "@shared/schemas/cells";
import { useAddCell } from "../api/use-cell-mutations";
import { CellFormFields } from "./cell-form-fields";

/** "Research Cell Added." or "Failed to add research cell." followed by the reason. */
export function AddCellForm() {
  const form = useSchemaForm(cellInputSchema, { title: "", description: "" });
  return (
    <AddRecordForm
      heading="New research cell"
      name="Add Research Cell"
      cols={2}
      form={form}
      add={useAddCell()}
      added={MSG.cellAdded}
      failed={MSG.addCellFailed}
    >
      <CellFormFields form={form} />
    </AddRecordForm>
  );
}
