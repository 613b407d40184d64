import { api } from "@client/lib/api";
import { allocationQueries } from "@client/lib/queries/allocation";
import type { Scenario, ScenarioPatch } from "@shared/schemas/scenarios";
import { useQuery } from "@tanstack/react-query";
import { type Answered, type RunSummary, useAllocationMutation } from "./use-allocation";

/**
 * The what-if scenarios of a term's allocation (DESIGN.md §20, §23): the committee's only. Their
 * changes are allocation mutations: whatever the answer, the scenarios and the draft are read again
 * (an adoption changes the draft).
 */

export const useScenarios = (termId: string, enabled: boolean) =>
  useQuery({ ...allocationQueries.scenarios(termId), enabled });

export const useScenario = (termId: string, id: string | null) =>
  useQuery({ ...allocationQueries.scenario(termId, id ?? ""), enabled: !!id });

const base = (termId: string) => `/terms/${termId}/allocation/scenarios`;

/** POST …/scenarios: the draft copied, with the real capacities. */
export const useCreateScenario = (termId: string) =>
  useAllocationMutation(() => api.post<{ scenario: Scenario }>(base(termId), {}));

/** PATCH …/scenarios/:sid: capacities changed in the scenario only. */
export const useEditScenario = (termId: string, id: string) =>
  useAllocationMutation((patch: ScenarioPatch) =>
    api.patch<{ scenario: Scenario }>(`${base(termId)}/${id}`, patch),
  );

/** POST …/scenarios/:sid/run: the draft's matching with the scenario's capacities. */
export const useRunScenario = (termId: string, id: string) =>
  useAllocationMutation(() => api.post<{ scenario: Scenario }>(`${base(termId)}/${id}/run`));

export const useDiscardScenario = (termId: string, id: string) =>
  useAllocationMutation(() => api.delete<{ ok: true }>(`${base(termId)}/${id}`));

/** POST …/scenarios/:sid/adopt: its capacities become the real ones and its result the draft. */
export const useAdoptScenario = (termId: string, id: string, answered?: Answered<RunSummary>) =>
  useAllocationMutation(() => api.post<RunSummary>(`${base(termId)}/${id}/adopt`), false, answered);
