import { PageHeader } from "@client/components/page-header";
import { Approvals } from "@client/features/committee-proposals/components/approvals";

export default function CommitteeApprovalsPage() {
  return (
    <>
      <PageHeader
        title="Approvals"
        description="Proposals their supervisor approved that wait for the committee's decision, the longest waiting first."
      />
      <Approvals />
    </>
  );
}
