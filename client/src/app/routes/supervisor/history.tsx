export default function SupervisorHistoryPage() {
  return null;
}
