import { PageHeader } from "@client/components/page-header";
import { ActivityLog } from "@client/features/activity/components/activity-log";

export default function CommitteeActivityPage() {
  return (
    <>
      <PageHeader
        title="Activity"
        description="Everything that happened, newest first: submissions, invitations, reviews, decisions and changes."
      />
      <ActivityLog />
    </>
  );
}
