import { PageHeader } from "@client/components/page-header";
import { AllStudents } from "@client/features/people/components/all-students";

export default function CommitteeAllStudentsPage() {
  return (
    <>
      <PageHeader
        title="All Students"
        description="Every registered student. Search by name, email or student ID."
      />
      <AllStudents />
    </>
  );
}
