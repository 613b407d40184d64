import { AllTeachers } from "@client/features/people/components/all-teachers";
import { screen } from "../screen";

export default screen(
  {
    title: "All Teachers",
    description: "Add teachers and assign them to research cells.",
  },
  AllTeachers,
);
