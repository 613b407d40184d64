import { thesesScreen } from "../thesis-screen";

export default thesesScreen(
  "Every thesis not yet released, of any term, oldest due first: filter by term, state, overdue and examiner, and export the grades.",
);
