export default function StudentResearchCellInfoPage() {
  return null;
}
