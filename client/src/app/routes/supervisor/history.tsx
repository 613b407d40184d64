import { PageHeader } from "@client/components/page-header";
import { ReviewHistory } from "@client/features/review/components/review-history";

export default function SupervisorHistoryPage() {
  return (
    <>
      <PageHeader
        title="Review History"
        description="Your proposals by status, with the feedback you gave."
      />
      <ReviewHistory />
    </>
  );
}
