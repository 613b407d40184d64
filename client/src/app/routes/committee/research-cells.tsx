export default function CommitteeResearchCellsPage() {
  return null;
}
