import { DialogButtons } from "@client/components/dialog-buttons";
import { savedThenClosed } from "@client/lib/close-on-answer";
import { showFailure } from "@client/lib/forms";
import { notify } from "@client/lib/notify";
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { MSG } from "@shared/messages";
import { type Room, type RoomInput, roomInputSchema } from "@shared/schemas/rooms";
import { IconPlus } from "@tabler/icons-react";
import { useAddRoom, useUpdateRoom } from "../api/use-rooms";
import { RoomFormFields } from "./room-form-fields";

const useRoomForm = (initialValues: RoomInput) =>
  useForm<RoomInput>({
    mode: "uncontrolled",
    initialValues,
    validate: schemaResolver(roomInputSchema, { sync: true }),
  });

/** "Room added." or "Failed to add the room." followed by the reason (a taken name at its field). */
export function AddRoomForm() {
  const add = useAddRoom();
  // An empty Capacity is "" in the input: the schema names it ("Capacity must be a whole number.").
  const form = useRoomForm({ name: "", capacity: "" as unknown as number, notes: "" });
  const onSubmit = form.onSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        notify.success(MSG.roomAdded);
        form.reset();
      },
      onError: (e) => showFailure(form, e, (m) => notify.error(`${MSG.addRoomFailed} ${m}`)),
    }),
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="sm">
        New room
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Add room">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm" verticalSpacing="sm">
          <RoomFormFields form={form} />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={add.isPending} leftSection={<IconPlus size={16} />}>
            Add room
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

function EditRoomForm({ room, onClose }: { room: Room; onClose: () => void }) {
  const update = useUpdateRoom();
  const form = useRoomForm({ name: room.name, capacity: room.capacity, notes: room.notes });
  const onSubmit = form.onSubmit((values) =>
    update.mutate(
      { id: room.id, ...values },
      savedThenClosed(form, onClose, MSG.roomUpdated, (m) => `${MSG.updateRoomFailed} ${m}`),
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <RoomFormFields form={form} />
        <DialogButtons mt="sm" onCancel={onClose} busy={update.isPending} cancelWhileBusy confirm="Save" />
      </Stack>
    </form>
  );
}

/** Edits a room; the form starts from the room each time it opens. */
export function EditRoomModal({ room, onClose }: { room: Room | null; onClose: () => void }) {
  return (
    <Modal opened={room != null} onClose={onClose} title="Edit room" centered>
      {room && <EditRoomForm key={room.id} room={room} onClose={onClose} />}
    </Modal>
  );
}
