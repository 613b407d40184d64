import { MyTopics } from "@client/features/topics/components/my-topics";
import { screen } from "../screen";

export default screen(
  {
    title: "Topics",
    description: "The topics you offer groups in the current term's allocation.",
  },
  MyTopics,
);
