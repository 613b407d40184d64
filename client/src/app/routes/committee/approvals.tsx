import { Approvals } from "@client/features/committee-proposals/components/approvals";
import { screen } from "../screen";

export default screen(
  {
    title: "Approvals",
    description:
      "Proposals their supervisor approved that wait for the committee's decision, the longest waiting first.",
  },
  Approvals,
);
