import { proposalScreen } from "../proposal-screen";

/** Any proposal, as the committee sees it: decisions, reopening and reassignment. */
export default proposalScreen({ back: { to: "/committee/dashboard", label: "Back to Dashboard" } });
