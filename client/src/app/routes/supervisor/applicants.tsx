import { Applicants } from "@client/features/ranking/components/applicants";
import { screen } from "../screen";

export default screen(
  {
    title: "Applicants",
    description: "The groups that ranked your topics: put the ones you would most like to supervise first.",
  },
  Applicants,
);
