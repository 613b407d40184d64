import { z } from "zod";
import { LIMITS } from "../limits";
import { optionalText, shownText, wholeNumber } from "./common";

/** A room the committee keeps for defenses (DESIGN.md §18): POST and PATCH /api/rooms. */
export const roomInputSchema = z.object({
  name: shownText("Name", LIMITS.roomNameMax),
  capacity: wholeNumber("Capacity", 1, LIMITS.roomCapacityMax),
  notes: optionalText("Notes", LIMITS.roomNotesMax),
});
export type RoomInput = z.input<typeof roomInputSchema>;

export const roomSchema = z.object({
  id: z.string(),
  name: z.string(),
  capacity: z.number(),
  notes: z.string(),
  createdAt: z.string(),
});
export type Room = z.infer<typeof roomSchema>;

export const roomListResponse = z.object({ items: z.array(roomSchema) });
export const roomResponse = z.object({ room: roomSchema });
