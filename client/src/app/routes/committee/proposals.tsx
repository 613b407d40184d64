import { CommitteeProposals } from "@client/features/committee-proposals/components/committee-proposals";
import { screen } from "../screen";

export default screen(
  {
    title: "Proposals",
    description: "Every proposal of a term: search by title, filter by status, research cell and supervisor.",
  },
  CommitteeProposals,
);
