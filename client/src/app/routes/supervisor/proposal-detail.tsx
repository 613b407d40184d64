import { ReviewModal } from "@client/features/review/components/review-modal";
import { proposalScreen } from "../proposal-screen";

/** A proposal addressed to the supervisor: the page, with the review from the review feature. */
export default proposalScreen({
  back: { to: "/supervisor/pending-proposals", label: "Back to Pending Proposals" },
  reviewModal: ReviewModal,
});
