import { ProposalPage } from "@client/features/proposal-page/components/proposal-page";
import { useParams } from "react-router";

/** Any proposal, as the committee sees it: decisions, reopening and reassignment. */
export default function CommitteeProposalDetailPage() {
  const { id = "" } = useParams();
  return <ProposalPage key={id} id={id} back={{ to: "/committee/dashboard", label: "Back to Dashboard" }} />;
}
