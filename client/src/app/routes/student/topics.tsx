import { TopicBrowser } from "@client/features/topics/components/topic-browser";
import { screen } from "../screen";

export default screen(
  {
    title: "Topics",
    description:
      "The topics supervisors offer this term. Rank the ones your group would like on Submit Proposal.",
  },
  TopicBrowser,
);
