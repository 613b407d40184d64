import { notifications } from "@mantine/notifications";

/** Toasts: the specification's alerts and toasts become Mantine notifications. */
export const notify = {
  success: (message: string) => notifications.show({ color: "teal", message, autoClose: 4000 }),
  error: (message: string) => notifications.show({ color: "red", message, autoClose: 7000 }),
  info: (message: string, title?: string) =>
    notifications.show({ color: "blue", title, message, autoClose: 6000 }),
};
