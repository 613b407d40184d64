import { PageHeader } from "@client/components/page-header";
import { TermSelect, useTermParam } from "@client/components/term-select";
import { PendingProposals } from "@client/features/review/components/pending-proposals";
import { useLocation } from "react-router";

/** Serves both /supervisor/requests and /supervisor/pending-proposals (one screen, as in the specification). */
export default function SupervisorRequestsPage() {
  const { pathname } = useLocation();
  const termId = useTermParam();
  const title = pathname.endsWith("/pending-proposals") ? "Pending Proposals" : "Requests";
  return (
    <>
      <PageHeader
        title={title}
        description="Proposals waiting for your review, oldest first."
        actions={<TermSelect />}
      />
      <PendingProposals termId={termId} />
    </>
  );
}
