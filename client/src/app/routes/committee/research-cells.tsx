import { ResearchCells } from "@client/features/research-cells/components/research-cells";
import { screen } from "../screen";

export default screen(
  {
    title: "Research Cells",
    description: "The department's research cells, their teachers and proposals.",
  },
  ResearchCells,
);
