export default function SupervisorRequestsPage() {
  return null;
}
