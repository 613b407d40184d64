import { PageHeader } from "@client/components/page-header";
import { TermSelect, useTermParam } from "@client/components/term-select";
import { CommitteeDashboardView } from "@client/features/committee-dashboard/components/committee-dashboard";
import { useUser } from "@client/lib/auth";

export default function CommitteeDashboard() {
  const user = useUser();
  const termId = useTermParam();
  return (
    <>
      <PageHeader
        title={`Welcome, ${user.name}`}
        description="Manage students, teachers, committee members and research cells from the menu."
        actions={<TermSelect />}
      />
      <CommitteeDashboardView termId={termId} />
    </>
  );
}
