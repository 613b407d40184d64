import { PageHeader } from "@client/components/page-header";
import { TopicBrowser } from "@client/features/topics/components/topic-browser";

export default function StudentTopicsPage() {
  return (
    <>
      <PageHeader
        title="Topics"
        description="The topics supervisors offer this term. Rank the ones your group would like on Submit Proposal."
      />
      <TopicBrowser />
    </>
  );
}
