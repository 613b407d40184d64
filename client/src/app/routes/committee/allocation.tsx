import { PageHeader } from "@client/components/page-header";
import { AllocationScreen } from "@client/features/allocation/components/allocation-screen";

export default function CommitteeAllocationPage() {
  return (
    <>
      <PageHeader
        title="Allocation"
        description="Allocate topics to groups: the stable matching that gives each group the best topic it can have."
      />
      <AllocationScreen />
    </>
  );
}
