import { AddRecordForm, EditRecordDialog } from "@client/components/record-forms";
import { useSchemaForm } from "@client/lib/forms";
import { MSG } from "@shared/messages";
import { type Room, type RoomInput, roomInputSchema } from "@shared/schemas/rooms";
import { useAddRoom, useUpdateRoom } from "../api/use-rooms";
import { RoomFormFields } from "./room-form-fields";

/** "Room added." or "Failed to add the room." followed by the reason (a taken name at its field). */
export function AddRoomForm() {
  // An empty Capacity is "" in the input: the schema names it ("Capacity must be a whole number.").
  const form = useSchemaForm<RoomInput>(roomInputSchema, {
    name: "",
    capacity: "" as unknown as number,
    notes: "",
  });
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

/** Edits a room; the form starts from the room each time it opens. */
export function EditRoomModal({ room, onClose }: { room: Room | null; onClose: () => void }) {
  return (
    <EditRecordDialog
      title="Edit room"
      record={room}
      onClose={onClose}
      schema={roomInputSchema}
      values={(r: Room): RoomInput => ({ name: r.name, capacity: r.capacity, notes: r.notes })}
      useSave={useUpdateRoom}
      saved={MSG.roomUpdated}
      failed={MSG.updateRoomFailed}
      Fields={RoomFormFields}
    />
  );
}
