import { PageHeader } from "@client/components/page-header";
import { CellMembers } from "@client/features/research-cells/components/cell-members";

export default function CommitteeCellMembersPage() {
  return (
    <>
      <PageHeader title="Cell Members" description="Which teachers belong to each research cell." />
      <CellMembers />
    </>
  );
}
