import { PageHeader } from "@client/components/page-header";
import { SupervisorDashboardStats } from "@client/features/supervisor-dashboard/components/supervisor-dashboard";
import { useUser } from "@client/lib/auth";

export default function SupervisorDashboard() {
  const user = useUser();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome, ${user.name}. Review pending proposals and keep your groups informed.`}
      />
      <SupervisorDashboardStats />
    </>
  );
}
