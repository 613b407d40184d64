import { api } from "@client/lib/api";
import type { CreateUserInput, Person } from "@shared/schemas/users";
import { usePeopleMutation } from "./use-people-mutation";

/** Adds a teacher or a committee member; the lists show them at once. */
export const useAddPerson = () =>
  usePeopleMutation((input: CreateUserInput) => api.post<{ user: Person }>("/users", input));
