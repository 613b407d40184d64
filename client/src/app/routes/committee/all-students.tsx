export default function CommitteeAllStudentsPage() {
  return null;
}
