export default function CommitteeCommitteeMembersPage() {
  return null;
}
