/** The words of the rooms for defenses (DESIGN.md §18), spread into MSG. */
export const ROOM_MSG = {
  roomNotFound: "Room not found.",
  roomNameTaken: "A room with this name already exists.",
  roomAdded: "Room added.",
  roomUpdated: "Room updated.",
  roomRemoved: "Room removed.",
  addRoomFailed: "Failed to add the room.",
  updateRoomFailed: "Failed to update the room.",
};
