import { ResearchCellInfo } from "@client/features/research-cell-info/components/research-cell-info";
import { screen } from "../screen";

export default screen(
  {
    title: "Research Cell Info",
    description: "The department's research cells, what they work on, and who supervises in each.",
  },
  ResearchCellInfo,
);
