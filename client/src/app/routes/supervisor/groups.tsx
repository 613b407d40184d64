import { GroupsBoard } from "@client/features/review/components/groups-board";
import { TermScreen } from "../screen";

/** Every group of the supervisor's in a term, by state (issue 30). */
export default function SupervisorGroupsPage() {
  return (
    <TermScreen
      title="Groups"
      description="All your groups in the term by state, Pending first. Open one to see its proposal."
      body={GroupsBoard}
    />
  );
}
