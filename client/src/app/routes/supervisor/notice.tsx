export default function SupervisorNoticePage() {
  return null;
}
