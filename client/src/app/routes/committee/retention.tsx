import { RetentionPreview } from "@client/features/retention/components/retention-preview";
import { screen } from "../screen";

export default screen(
  {
    title: "Data retention",
    description:
      "Each day, what ended longer ago than the retention period loses what need not be kept. This is what the next run would remove.",
  },
  RetentionPreview,
);
