import { PageHeader } from "@client/components/page-header";
import { TermSelect, useTermParam } from "@client/components/term-select";
import { SupervisorDashboardStats } from "@client/features/supervisor-dashboard/components/supervisor-dashboard";
import { useUser } from "@client/lib/auth";

export default function SupervisorDashboard() {
  const user = useUser();
  const termId = useTermParam();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome, ${user.name}. Review pending proposals and keep your groups informed.`}
        actions={<TermSelect />}
      />
      <SupervisorDashboardStats termId={termId} />
    </>
  );
}
