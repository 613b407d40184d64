import { PageHeader } from "@client/components/page-header";
import { ProposalDetail } from "@client/features/proposals/components/proposal-detail";
import { useParams } from "react-router";

export default function StudentProposalDetailPage() {
  const { id = "" } = useParams();
  return (
    <>
      <PageHeader title="Proposal" />
      <ProposalDetail id={id} />
    </>
  );
}
