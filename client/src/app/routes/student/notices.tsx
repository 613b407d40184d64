import { PageHeader } from "@client/components/page-header";
import { StudentNotices } from "@client/features/notices/components/student-notices";

export default function StudentNoticesPage() {
  return (
    <>
      <PageHeader
        title="Notices"
        description="Notices from your supervisor to your group. Open one to read it in full."
      />
      <StudentNotices />
    </>
  );
}
