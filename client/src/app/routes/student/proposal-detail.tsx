import { proposalScreen } from "../proposal-screen";

/** A proposal as its group (and an invitee) sees it. */
export default proposalScreen({ back: { to: "/student/proposal-status", label: "Back to Proposal Status" } });
