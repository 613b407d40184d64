import { ProposalStatusList } from "@client/features/proposals/components/proposal-status-list";
import { TermScreen } from "../screen";

export default function StudentProposalStatusPage() {
  return (
    <TermScreen
      title="Proposal Status"
      description="The proposals you submitted or belong to, with your supervisor's decision and feedback."
      body={ProposalStatusList}
    />
  );
}
