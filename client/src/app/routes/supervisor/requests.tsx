import { PendingProposals } from "@client/features/review/components/pending-proposals";
import { useLocation } from "react-router";
import { TermScreen } from "../screen";

/** Serves both /supervisor/requests and /supervisor/pending-proposals (one screen, as in the specification). */
export default function SupervisorRequestsPage() {
  const { pathname } = useLocation();
  return (
    <TermScreen
      title={pathname.endsWith("/pending-proposals") ? "Pending Proposals" : "Requests"}
      description="Proposals waiting for your review, oldest first."
      body={PendingProposals}
    />
  );
}
