import { CellMembers } from "@client/features/research-cells/components/cell-members";
import { screen } from "../screen";

export default screen(
  {
    title: "Cell Members",
    description: "Which teachers belong to each research cell.",
  },
  CellMembers,
);
