import { PageHeader } from "@client/components/page-header";
import { ProposalStatusList } from "@client/features/proposals/components/proposal-status-list";

export default function StudentProposalStatusPage() {
  return (
    <>
      <PageHeader
        title="Proposal Status"
        description="The proposals you submitted or belong to, with your supervisor's decision and feedback."
      />
      <ProposalStatusList />
    </>
  );
}
