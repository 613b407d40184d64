import { ProposalPage } from "@client/features/proposal-page/components/proposal-page";
import { useParams } from "react-router";

/** A proposal as its group (and an invitee) sees it. */
export default function StudentProposalDetailPage() {
  const { id = "" } = useParams();
  return (
    <ProposalPage
      key={id}
      id={id}
      back={{ to: "/student/proposal-status", label: "Back to Proposal Status" }}
    />
  );
}
