import { AuthCard } from "@client/components/auth-card";
import { PageLoader } from "@client/components/page-loader";
import { SetupForm } from "@client/features/account/components/setup-form";
import { setupQueries } from "@client/lib/queries/setup";
import { Anchor, Text } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { MSG } from "@shared/messages";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";

export default function SetupPage() {
  useDocumentTitle("Set up · ThesisDesk");
  const status = useQuery(setupQueries.status());

  if (status.isPending) return <PageLoader />;
  if (status.data && !status.data.needed) {
    return (
      <AuthCard title="Setup is complete">
        <Text>{MSG.setupDone}</Text>
        <Anchor component={Link} to="/login" mt="md" display="block">
          Go to the login page
        </Anchor>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Create the first committee account"
      subtitle="Use the setup token that the server printed when it started."
    >
      <SetupForm />
    </AuthCard>
  );
}
