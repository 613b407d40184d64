import { StudentNotices } from "@client/features/notices/components/student-notices";
import { screen } from "../screen";

export default screen(
  {
    title: "Notices",
    description: "Notices from your supervisor to your group. Open one to read it in full.",
  },
  StudentNotices,
);
