import { IconButton } from "@client/components/icon-button";
import { RecordsTable } from "@client/components/records-table";
import { errorMessage } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { MSG } from "@shared/messages";
import type { Room } from "@shared/schemas/rooms";
import { IconDoor, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useDeleteRoom, useRooms } from "../api/use-rooms";
import { AddRoomForm, EditRoomModal } from "./room-forms";

function RoomsTable() {
  const rooms = useRooms();
  const remove = useDeleteRoom();
  const [editing, setEditing] = useState<Room | null>(null);

  const confirmRemove = (room: Room) =>
    modals.openConfirmModal({
      title: `Remove ${room.name}?`,
      centered: true,
      children: <Text size="sm">The room is no longer offered for defenses. This cannot be undone.</Text>,
      labels: { confirm: "Remove", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(room.id, {
          onSuccess: () => notify.success(MSG.roomRemoved),
          onError: (e) => notify.error(errorMessage(e)),
        }),
    });

  return (
    <RecordsTable
      query={rooms}
      failed="The rooms could not be loaded."
      empty={{
        icon: IconDoor,
        title: "No rooms yet.",
        description: "Add the rooms defenses can be held in. A defense can always be online, with a link.",
      }}
      minWidth={480}
      aria-label="Rooms"
      columns={[
        { key: "name", label: "Name", td: { fw: 600, miw: 160 }, cell: (r) => r.name },
        {
          key: "capacity",
          label: "Capacity",
          th: { ta: "right" },
          td: { ta: "right" },
          cell: (r) => r.capacity,
        },
        {
          key: "notes",
          label: "Notes",
          cell: (r) => (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {r.notes || "—"}
            </Text>
          ),
        },
        {
          key: "actions",
          label: <VisuallyHidden>Actions</VisuallyHidden>,
          th: { w: 100 },
          cell: (r) => (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              <IconButton tip="Edit" aria-label={`Edit ${r.name}`} onClick={() => setEditing(r)}>
                <IconPencil size={18} />
              </IconButton>
              <IconButton tip="Remove" aria-label={`Remove ${r.name}`} onClick={() => confirmRemove(r)}>
                <IconTrash size={18} />
              </IconButton>
            </Group>
          ),
        },
      ]}
    >
      <EditRoomModal room={editing} onClose={() => setEditing(null)} />
    </RecordsTable>
  );
}

/** The committee's rooms for defenses (DESIGN.md §18): add, edit, remove. */
export function Rooms() {
  return (
    <Stack gap="lg">
      <AddRoomForm />
      <RoomsTable />
    </Stack>
  );
}
