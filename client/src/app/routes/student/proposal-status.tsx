export default function StudentProposalStatusPage() {
  return null;
}
