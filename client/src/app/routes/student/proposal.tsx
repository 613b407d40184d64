export default function StudentProposalPage() {
  return null;
}
