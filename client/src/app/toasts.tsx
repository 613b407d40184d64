import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import { LIMITS } from "@shared/limits";

/** Mantine's toasts, loaded with the first toast (providers.tsx). */
export default function ToastList() {
  // Bottom right: a toast covers neither the header's name and Logout nor a form's fields.
  return <Notifications limit={LIMITS.notificationsMax} position="bottom-right" />;
}
