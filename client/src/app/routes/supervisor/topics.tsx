import { PageHeader } from "@client/components/page-header";
import { MyTopics } from "@client/features/topics/components/my-topics";

export default function SupervisorTopicsPage() {
  return (
    <>
      <PageHeader
        title="Topics"
        description="The topics you offer groups in the current term's allocation."
      />
      <MyTopics />
    </>
  );
}
