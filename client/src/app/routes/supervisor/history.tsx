import { PageHeader } from "@client/components/page-header";
import { TermSelect, useTermParam } from "@client/components/term-select";
import { ReviewHistory } from "@client/features/review/components/review-history";

export default function SupervisorHistoryPage() {
  const termId = useTermParam();
  return (
    <>
      <PageHeader
        title="Review History"
        description="Your proposals by status, with the feedback you gave."
        actions={<TermSelect />}
      />
      <ReviewHistory termId={termId} />
    </>
  );
}
