import { thesesScreen } from "../thesis-screen";

export default thesesScreen(
  "The theses you supervise or examine, oldest due first, with your assessments as they fall due.",
);
