import { CommitteeMembers } from "@client/features/people/components/committee-members";
import { screen } from "../screen";

export default screen(
  {
    title: "Committee Members",
    description: "The people who run students, teachers and research cells.",
  },
  CommitteeMembers,
);
