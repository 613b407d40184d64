import { PageHeader } from "@client/components/page-header";
import { CommitteeMembers } from "@client/features/people/components/committee-members";

export default function CommitteeCommitteeMembersPage() {
  return (
    <>
      <PageHeader
        title="Committee Members"
        description="The people who run students, teachers and research cells."
      />
      <CommitteeMembers />
    </>
  );
}
