import { PageHeader } from "@client/components/page-header";
import { SubmitProposal } from "@client/features/proposals/components/submit-proposal";

export default function StudentProposalPage() {
  return (
    <>
      <PageHeader
        title="Submit Proposal"
        description="Propose a thesis or project to a research cell and one of its supervisors."
      />
      <SubmitProposal />
    </>
  );
}
