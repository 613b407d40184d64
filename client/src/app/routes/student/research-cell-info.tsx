import { PageHeader } from "@client/components/page-header";
import { ResearchCellInfo } from "@client/features/research-cell-info/components/research-cell-info";

export default function StudentResearchCellInfoPage() {
  return (
    <>
      <PageHeader
        title="Research Cell Info"
        description="The department's research cells, what they work on, and who supervises in each."
      />
      <ResearchCellInfo />
    </>
  );
}
