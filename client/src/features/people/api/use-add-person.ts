import { api } from "@client/lib/api";
import type { CreateUserInput, Person } from "@shared/schemas/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { committeeDashboardKey, peopleKeys } from "./keys";

/** Adds a teacher or a committee member; the lists show them at once. */
export function useAddPerson() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => api.post<{ user: Person }>("/users", input),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: peopleKeys.all }),
        qc.invalidateQueries({ queryKey: committeeDashboardKey }),
      ]);
    },
  });
}
