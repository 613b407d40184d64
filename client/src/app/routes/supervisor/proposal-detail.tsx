import { ProposalPage } from "@client/features/proposal-page/components/proposal-page";
import { ReviewModal } from "@client/features/review/components/review-modal";
import { useParams } from "react-router";

/** A proposal addressed to the supervisor: the page, with the review from the review feature. */
export default function SupervisorProposalDetailPage() {
  const { id = "" } = useParams();
  return (
    <ProposalPage
      key={id}
      id={id}
      back={{ to: "/supervisor/pending-proposals", label: "Back to Pending Proposals" }}
      reviewModal={ReviewModal}
    />
  );
}
