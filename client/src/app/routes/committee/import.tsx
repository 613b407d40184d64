import { PageHeader } from "@client/components/page-header";
import { ImportPeople } from "@client/features/people/components/import-people";
import type { ImportRole } from "@shared/schemas/accounts";
import { useSearchParams } from "react-router";

/** /committee/import?role=student|supervisor: reached from All Students and All Teachers. */
export default function CommitteeImportPage() {
  const [params, setParams] = useSearchParams();
  const role: ImportRole = params.get("role") === "supervisor" ? "supervisor" : "student";
  return (
    <>
      <PageHeader
        title={role === "student" ? "Import students" : "Import teachers"}
        description="Add many people at once from a CSV file. Check the file first; nothing is created until you import."
      />
      <ImportPeople userRole={role} onRoleChange={(r) => setParams({ role: r }, { replace: true })} />
    </>
  );
}
