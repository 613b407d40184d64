export default function StudentProposalDetailPage() {
  return null;
}
