import { PageHeader } from "@client/components/page-header";
import { Terms } from "@client/features/terms/components/terms";

export default function CommitteeTermsPage() {
  return (
    <>
      <PageHeader
        title="Terms"
        description="Submission windows, deadlines and each supervisor's places, term by term."
      />
      <Terms />
    </>
  );
}
