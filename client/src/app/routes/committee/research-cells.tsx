import { PageHeader } from "@client/components/page-header";
import { ResearchCells } from "@client/features/research-cells/components/research-cells";

export default function CommitteeResearchCellsPage() {
  return (
    <>
      <PageHeader
        title="Research Cells"
        description="The department's research cells, their teachers and proposals."
      />
      <ResearchCells />
    </>
  );
}
