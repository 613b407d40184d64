import { AddRecordForm, EditRecordModal, SaveRecordForm } from "@client/components/record-forms";
import { useSchemaForm } from "@client/lib/forms";
import { MSG } from "@shared/messages";
import { type Room, type RoomInput, roomInputSchema } from "@shared/schemas/rooms";
import { useAddRoom, useUpdateRoom } from "../api/use-rooms";
import { RoomFormFields } from "./room-form-fields";

const useRoomForm = (initialValues: RoomInput) => useSchemaForm(roomInputSchema, initialValues);

/** "Room added." or "Failed to add the room." followed by the reason (a taken name at its field). */
export function AddRoomForm() {
  // An empty Capacity is "" in the input: the schema names it ("Capacity must be a whole number.").
  const form = useRoomForm({ name: "", capacity: "" as unknown as number, notes: "" });
  return (
    <AddRecordForm
      heading="New room"
      name="Add room"
      cols={3}
      form={form}
      add={useAddRoom()}
      added={MSG.roomAdded}
      failed={MSG.addRoomFailed}
    >
      <RoomFormFields form={form} />
    </AddRecordForm>
  );
}

function EditRoomForm({ room, onClose }: { room: Room; onClose: () => void }) {
  const form = useRoomForm({ name: room.name, capacity: room.capacity, notes: room.notes });
  return (
    <SaveRecordForm
      form={form}
      save={useUpdateRoom(room.id)}
      onClose={onClose}
      saved={MSG.roomUpdated}
      failed={MSG.updateRoomFailed}
    >
      <RoomFormFields form={form} />
    </SaveRecordForm>
  );
}

/** Edits a room; the form starts from the room each time it opens. */
export function EditRoomModal({ room, onClose }: { room: Room | null; onClose: () => void }) {
  return (
    <EditRecordModal title="Edit room" record={room} onClose={onClose}>
      {(r) => <EditRoomForm room={r} onClose={onClose} />}
    </EditRecordModal>
  );
}
