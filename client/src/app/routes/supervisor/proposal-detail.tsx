import { ReviewModal } from "@client/features/review/components/review-modal";
import { proposalScreen } from "../proposal-screen";

/**
 * A proposal addressed to the supervisor: the page, with the review from the review feature. Its
 * "Back" leads to the screen it was opened from; opened from elsewhere, to every group (Groups).
 */
export default proposalScreen({
  back: { to: "/supervisor/groups", label: "Back to Groups" },
  reviewModal: ReviewModal,
});
