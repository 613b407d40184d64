import { ActivityLog } from "@client/features/activity/components/activity-log";
import { screen } from "../screen";

export default screen(
  {
    title: "Activity",
    description:
      "Everything that happened, newest first: submissions, invitations, reviews, decisions and changes.",
  },
  ActivityLog,
);
