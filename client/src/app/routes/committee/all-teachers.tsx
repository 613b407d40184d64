export default function CommitteeAllTeachersPage() {
  return null;
}
