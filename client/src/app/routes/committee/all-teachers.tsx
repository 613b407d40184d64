import { PageHeader } from "@client/components/page-header";
import { AllTeachers } from "@client/features/people/components/all-teachers";

export default function CommitteeAllTeachersPage() {
  return (
    <>
      <PageHeader title="All Teachers" description="Add teachers and assign them to research cells." />
      <AllTeachers />
    </>
  );
}
