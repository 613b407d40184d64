import { Terms } from "@client/features/terms/components/terms";
import { screen } from "../screen";

export default screen(
  {
    title: "Terms",
    description: "Submission windows, deadlines and each supervisor's places, term by term.",
  },
  Terms,
);
