export default function StudentNoticesPage() {
  return null;
}
