import { SubmitProposal } from "@client/features/proposals/components/submit-proposal";
import { screen } from "../screen";

export default screen(
  {
    title: "Submit Proposal",
    description: "Propose a thesis or project to a research cell and one of its supervisors.",
  },
  SubmitProposal,
);
