import { PageHeader } from "@client/components/page-header";
import { NoticeForm } from "@client/features/notices/components/notice-form";
import { SentNotices } from "@client/features/notices/components/sent-notices";

export default function SupervisorNoticePage() {
  return (
    <>
      <PageHeader title="Notice" description="Send a notice to one of your groups." />
      <NoticeForm />
      <SentNotices />
    </>
  );
}
