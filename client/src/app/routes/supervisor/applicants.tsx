import { PageHeader } from "@client/components/page-header";
import { Applicants } from "@client/features/ranking/components/applicants";

export default function SupervisorApplicantsPage() {
  return (
    <>
      <PageHeader
        title="Applicants"
        description="The groups that ranked your topics: put the ones you would most like to supervise first."
      />
      <Applicants />
    </>
  );
}
