import { ReviewHistory } from "@client/features/review/components/review-history";
import { TermScreen } from "../screen";

export default function SupervisorHistoryPage() {
  return (
    <TermScreen
      title="Review History"
      description="Your proposals by status, with the feedback you gave."
      body={ReviewHistory}
    />
  );
}
