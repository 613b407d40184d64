import { api } from "@client/lib/api";
import { allocationQueries } from "@client/lib/queries/allocation";
import type { Scenario, ScenarioPatch } from "@shared/schemas/scenarios";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Answered, RunSummary } from "./use-allocation";

/** The what-if scenarios of a term's allocation (DESIGN.md §20, §23): the committee's only. */

export const useScenarios = (termId: string, enabled: boolean) =>
  useQuery({ ...allocationQueries.scenarios(termId), enabled });

export const useScenario = (termId: string, id: string | null) =>
  useQuery({ ...allocationQueries.scenario(termId, id ?? ""), enabled: !!id });

/** Whatever the answer, the scenarios and the draft are read again (an adoption changes the draft). */
function useScenarioMutation<TVars, TResult>(
  send: (vars: TVars) => Promise<TResult>,
  answered: Answered<TResult, TVars> = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    ...answered,
    onSettled: () => void qc.invalidateQueries({ queryKey: allocationQueries.all() }),
  });
}

const base = (termId: string) => `/terms/${termId}/allocation/scenarios`;

/** POST …/scenarios: the draft copied, with the real capacities. */
export const useCreateScenario = (termId: string) =>
  useScenarioMutation(() => api.post<{ scenario: Scenario }>(base(termId), {}));

/** PATCH …/scenarios/:sid: capacities changed in the scenario only. */
export const useEditScenario = (termId: string, id: string) =>
  useScenarioMutation((patch: ScenarioPatch) =>
    api.patch<{ scenario: Scenario }>(`${base(termId)}/${id}`, patch),
  );

/** POST …/scenarios/:sid/run: the draft's matching with the scenario's capacities. */
export const useRunScenario = (termId: string, id: string) =>
  useScenarioMutation(() => api.post<{ scenario: Scenario }>(`${base(termId)}/${id}/run`));

export const useDiscardScenario = (termId: string, id: string) =>
  useScenarioMutation(() => api.delete<{ ok: true }>(`${base(termId)}/${id}`));

/** POST …/scenarios/:sid/adopt: its capacities become the real ones and its result the draft. */
export const useAdoptScenario = (termId: string, id: string, answered?: Answered<RunSummary>) =>
  useScenarioMutation(() => api.post<RunSummary>(`${base(termId)}/${id}/adopt`), answered);
