export default function CommitteeCellMembersPage() {
  return null;
}
