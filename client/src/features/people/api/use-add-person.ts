import { api } from "@client/lib/api";
import { committeeDashboardQueries } from "@client/lib/queries/committee-dashboard";
import { userQueries } from "@client/lib/queries/users";
import type { CreateUserInput, Person } from "@shared/schemas/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** Adds a teacher or a committee member; the lists show them at once. */
export function useAddPerson() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => api.post<{ user: Person }>("/users", input),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: userQueries.all() }),
        qc.invalidateQueries({ queryKey: committeeDashboardQueries.all() }),
      ]);
    },
  });
}
