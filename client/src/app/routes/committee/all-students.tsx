import { AllStudents } from "@client/features/people/components/all-students";
import { screen } from "../screen";

export default screen(
  {
    title: "All Students",
    description: "Every registered student. Search by name, email or student ID.",
  },
  AllStudents,
);
