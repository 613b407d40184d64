import { PageHeader } from "@client/components/page-header";
import { TermSelect, useTermParam } from "@client/components/term-select";
import { ProposalStatusList } from "@client/features/proposals/components/proposal-status-list";

export default function StudentProposalStatusPage() {
  const termId = useTermParam();
  return (
    <>
      <PageHeader
        title="Proposal Status"
        description="The proposals you submitted or belong to, with your supervisor's decision and feedback."
        actions={<TermSelect />}
      />
      <ProposalStatusList termId={termId} />
    </>
  );
}
