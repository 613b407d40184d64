import { SupervisorDashboardStats } from "@client/features/supervisor-dashboard/components/supervisor-dashboard";
import { useUser } from "@client/lib/auth";
import { TermScreen } from "../screen";

export default function SupervisorDashboard() {
  const user = useUser();
  return (
    <TermScreen
      title="Dashboard"
      description={`Welcome, ${user.name}. Review pending proposals and keep your groups informed.`}
      body={SupervisorDashboardStats}
    />
  );
}
