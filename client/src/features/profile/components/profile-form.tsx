import { useUser } from "@client/lib/auth";
import { showFailure } from "@client/lib/forms";
import { notify } from "@client/lib/notify";
import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { newPasswordSchema } from "@shared/schemas/common";
import { updateProfileSchema } from "@shared/schemas/profile";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useChangePassword } from "../api/use-change-password";
import { useUpdateName } from "../api/use-update-name";

interface Values {
  name: string;
  currentPassword: string;
  newPassword: string;
}

function validate(values: Values): FormErrors {
  const errors: FormErrors = {};
  const name = updateProfileSchema.shape.name.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message;
  if (values.newPassword) {
    if (!values.currentPassword) errors.currentPassword = MSG.currentPasswordRequired;
    const pw = newPasswordSchema.safeParse(values.newPassword);
    if (!pw.success) errors.newPassword = pw.error.issues[0]?.message;
  }
  return errors;
}

/**
 * Name, Email (read-only), Current password, New password and one "Update Profile" button.
 * A new password is changed first; only when that worked is the name saved, so a wrong
 * current password changes nothing at all.
 */
export function ProfileForm() {
  const user = useUser();
  const updateName = useUpdateName();
  const changePassword = useChangePassword();
  const form = useForm<Values>({
    mode: "uncontrolled",
    initialValues: { name: user.name, currentPassword: "", newPassword: "" },
    validate,
  });
  const busy = updateName.isPending || changePassword.isPending;

  const onSubmit = form.onSubmit(async (values) => {
    const name = values.name.trim();
    if (values.newPassword) {
      try {
        await changePassword.mutateAsync({
          currentPassword: values.currentPassword,
          newPassword: values.newPassword,
        });
      } catch (e) {
        showFailure(form, e, (m) => notify.error(MSG.updateProfileFailed(m)));
        return;
      }
      form.setValues({ currentPassword: "", newPassword: "" });
      notify.success(MSG.passwordUpdated);
      if (name === user.name) return;
    }
    try {
      const { user: saved } = await updateName.mutateAsync({ name });
      form.setFieldValue("name", saved.name);
      notify.success(MSG.profileUpdated);
    } catch (e) {
      showFailure(form, e, (m) => notify.error(MSG.updateProfileFailed(m)));
    }
  });

  return (
    <Paper withBorder radius="md" p="lg">
      <Text fw={600} mb="md">
        Account
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Profile">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              required
              autoComplete="name"
              maxLength={LIMITS.nameMax}
              {...form.getInputProps("name")}
              key={form.key("name")}
            />
            <TextInput
              label="Email"
              value={user.email}
              readOnly
              description="Your email cannot be changed."
              inputWrapperOrder={["label", "input", "description", "error"]}
              variant="filled"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              description="Needed only to change your password."
              inputWrapperOrder={["label", "input", "description", "error"]}
              {...form.getInputProps("currentPassword")}
              key={form.key("currentPassword")}
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              description={`At least ${LIMITS.passwordMin} characters. Other devices will be signed out.`}
              inputWrapperOrder={["label", "input", "description", "error"]}
              {...form.getInputProps("newPassword")}
              key={form.key("newPassword")}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={busy} leftSection={<IconDeviceFloppy size={16} />}>
              Update Profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
