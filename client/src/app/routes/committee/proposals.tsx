import { PageHeader } from "@client/components/page-header";
import { CommitteeProposals } from "@client/features/committee-proposals/components/committee-proposals";

export default function CommitteeProposalsPage() {
  return (
    <>
      <PageHeader
        title="Proposals"
        description="Every proposal of a term: search by title, filter by status, research cell and supervisor."
      />
      <CommitteeProposals />
    </>
  );
}
