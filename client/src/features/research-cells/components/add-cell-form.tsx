import { showFailure } from "@client/lib/forms";
import { notify } from "@client/lib/notify";
import { Button, Group, Paper, SimpleGrid, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { MSG } from "@shared/messages";
import { type CellInput, cellInputSchema } from "@shared/schemas/cells";
import { IconPlus } from "@tabler/icons-react";
import { useAddCell } from "../api/use-cell-mutations";
import { CellFormFields } from "./cell-form-fields";

/** "Research Cell Added." or "Failed to add research cell." followed by the reason. */
export function AddCellForm() {
  const add = useAddCell();
  const form = useForm<CellInput>({
    mode: "uncontrolled",
    initialValues: { title: "", description: "" },
    validate: schemaResolver(cellInputSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        notify.success(MSG.cellAdded);
        form.reset();
      },
      onError: (e) => showFailure(form, e, (m) => notify.error(`${MSG.addCellFailed} ${m}`)),
    }),
  );

  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="sm">
        New research cell
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Add Research Cell">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="sm">
          <CellFormFields form={form} />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={add.isPending} leftSection={<IconPlus size={16} />}>
            Add Research Cell
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
