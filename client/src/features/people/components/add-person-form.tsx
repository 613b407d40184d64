import { showFailure, useSchemaForm } from "@client/lib/forms";
import { notify } from "@client/lib/notify";
import { Button, Group, Paper, PasswordInput, Text } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { type AddPersonFormInput, addPersonFormSchema } from "@shared/schemas/users";
import { IconUserPlus } from "@tabler/icons-react";
import { useAddPerson } from "../api/use-add-person";
import { PersonFields } from "./person-fields";

export interface AddPersonTexts {
  title: string;
  submit: string;
  added: string;
  failed: (message: string) => string;
}

/**
 * Name, Email, Password: the server makes the account, so the committee member who adds it
 * stays signed in as themself. Every refusal says why, at its field and in a notification.
 */
export function AddPersonForm({
  userRole: role,
  texts,
}: {
  userRole: "supervisor" | "committee";
  texts: AddPersonTexts;
}) {
  const add = useAddPerson();
  const form = useSchemaForm<AddPersonFormInput>(addPersonFormSchema, { name: "", email: "", password: "" });

  const onSubmit = form.onSubmit((values) =>
    add.mutate(
      { role, ...values },
      {
        onSuccess: () => {
          notify.success(texts.added);
          form.reset();
        },
        onError: (e) => showFailure(form, e, (m) => notify.error(texts.failed(m))),
      },
    ),
  );

  return (
    <Paper withBorder radius="md" p="md" mb="lg">
      <Text fw={600} mb="sm">
        {texts.title}
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label={texts.title}>
        <Group align="flex-start" wrap="wrap" gap="sm">
          <PersonFields
            form={form}
            nameProps={{ autoComplete: "off", flex: "1 1 180px" }}
            emailProps={{ autoComplete: "off", flex: "1.3 1 220px" }}
          />
          <PasswordInput
            label="Password"
            placeholder={`At least ${LIMITS.passwordMin} characters`}
            required
            autoComplete="new-password"
            flex="1 1 180px"
            {...form.getInputProps("password")}
            key={form.key("password")}
          />
          <Button type="submit" mt={25} loading={add.isPending} leftSection={<IconUserPlus size={16} />}>
            {texts.submit}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
