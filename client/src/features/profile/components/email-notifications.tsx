import { errorMessage } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import { notify } from "@client/lib/notify";
import { Paper, Switch, Text, Title } from "@mantine/core";
import { MSG } from "@shared/messages";
import { useEmailNotifications } from "../api/use-email-notifications";

export function EmailNotifications() {
  const user = useUser();
  const save = useEmailNotifications();
  return (
    <Paper withBorder p="lg">
      <Title order={2} fz="lg" mb="xs">
        Notifications
      </Title>
      <Switch
        label="Email notifications"
        description={
          user.role === "supervisor"
            ? "An email when a proposal is submitted to you."
            : user.role === "student"
              ? "An email when your proposal is reviewed or your supervisor sends a notice."
              : "Emails about your account."
        }
        checked={user.emailNotifications}
        disabled={save.isPending}
        onChange={(e) =>
          save.mutate(e.currentTarget.checked, {
            onSuccess: ({ user: u }) =>
              notify.success(
                u.emailNotifications ? "Email notifications are on." : "Email notifications are off.",
              ),
            onError: (err) => notify.error(MSG.updateProfileFailed(errorMessage(err, "please try again."))),
          })
        }
      />
      <Text size="xs" c="dimmed" mt="sm">
        Notifications inside ThesisDesk stay on either way.
      </Text>
    </Paper>
  );
}
