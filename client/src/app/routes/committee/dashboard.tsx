import { CommitteeDashboardView } from "@client/features/committee-dashboard/components/committee-dashboard";
import { useUser } from "@client/lib/auth";
import { TermScreen } from "../screen";

export default function CommitteeDashboard() {
  const user = useUser();
  return (
    <TermScreen
      title={`Welcome, ${user.name}`}
      description="Manage students, teachers, committee members and research cells from the menu."
      body={CommitteeDashboardView}
    />
  );
}
