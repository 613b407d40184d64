import { AllocationScreen } from "@client/features/allocation/components/allocation-screen";
import { screen } from "../screen";

export default screen(
  {
    title: "Allocation",
    description:
      "Allocate topics to groups: the stable matching that gives each group the best topic it can have.",
  },
  AllocationScreen,
);
