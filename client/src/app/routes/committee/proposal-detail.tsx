import { PageHeader } from "@client/components/page-header";
import { ProposalDetail } from "@client/features/proposals/components/proposal-detail";
import { useParams, useSearchParams } from "react-router";

/** One proposal for the committee, opened from what a deactivated person leaves behind. */
export default function CommitteeProposalDetailPage() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const from = params.get("from") === "all-teachers" ? "all-teachers" : "all-students";
  return (
    <>
      <PageHeader title="Proposal" />
      <ProposalDetail
        id={id}
        backTo={{
          to: `/committee/${from}`,
          label: from === "all-teachers" ? "Back to All Teachers" : "Back to All Students",
        }}
      />
    </>
  );
}
