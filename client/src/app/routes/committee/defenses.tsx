import { Defenses } from "@client/features/defenses/components/defenses";
import { screen } from "../screen";

export default screen(
  {
    title: "Defenses",
    description:
      "Every defense of any term, as a list or a week: filter by room and by person, and open a thesis from its defense.",
  },
  Defenses,
);
