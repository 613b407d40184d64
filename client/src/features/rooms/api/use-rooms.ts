import { api } from "@client/lib/api";
import { roomQueries } from "@client/lib/queries/rooms";
import type { Room, RoomInput } from "@shared/schemas/rooms";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export const useRooms = () => useQuery(roomQueries.list());

/** A change of rooms: the rooms are asked again. */
function useRoomMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: roomQueries.all() }),
  });
}

export const useAddRoom = () =>
  useRoomMutation((input: RoomInput) => api.post<{ room: Room }>("/rooms", input));

export const useUpdateRoom = (id: string) =>
  useRoomMutation((input: RoomInput) => api.patch<{ room: Room }>(`/rooms/${id}`, input));

export const useDeleteRoom = () => useRoomMutation((id: string) => api.delete<{ ok: true }>(`/rooms/${id}`));
