/** The words of the rooms for defenses (DESIGN.md §18), spread into MSG. */
export const ROOM_MSG = {
  roomNotFound: "Room not found.",
  roomNameTaken: "A room with this name already exists.",
  roomHasDefenses: "This room has defenses, past or planned, so it cannot be removed: rename it instead.",
  roomAdded: "Room added.",
  roomUpdated: "Room updated.",
  roomRemoved: "Room removed.",
  addRoomFailed: "Failed to add the room.",
  updateRoomFailed: "Failed to update the room.",
};
