import { api } from "@client/lib/api";
import { allocationQueries, type TopicListParams } from "@client/lib/queries/allocation";
import { cellQueries } from "@client/lib/queries/research-cells";
import { supervisorDashboardQueries } from "@client/lib/queries/supervisor-dashboard";
import type { Topic, TopicInput } from "@shared/schemas/allocation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** A term's topics, a page at a time (GET /api/topics). */
export const useTopicList = (params: TopicListParams, enabled = true) =>
  useQuery({ ...allocationQueries.topics(params), enabled });

/** Every research cell with its supervisors: the filters of the topics list. */
export const useCellsWithSupervisors = () => useQuery(cellQueries.withSupervisors());

/** The supervisor's own research cells (from their dashboard): where their topics can be. */
export const useMyCells = () => useQuery({ ...supervisorDashboardQueries.counts(), select: (d) => d.cells });

type Answer = { topic: Topic };

/** A change to topics refreshes every allocation query (lists, applicants, drafts). */
function useTopicMutation<T>(
  send: (input: T) => Promise<Answer>,
  answered: { onSuccess?: (answer: Answer) => void; onError?: (e: unknown) => void } = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    ...answered,
    onSettled: () => qc.invalidateQueries({ queryKey: allocationQueries.all() }),
  });
}

export const useCreateTopic = () =>
  useTopicMutation((input: TopicInput) => api.post<Answer>("/topics", input));

export const useEditTopic = (id: string) =>
  useTopicMutation((input: Omit<TopicInput, "termId">) => api.patch<Answer>(`/topics/${id}`, input));

/** `answered`: what the confirmation does with the answer (closeOnAnswer's), kept with the mutation. */
export const useWithdrawTopic = (answered?: Parameters<typeof useTopicMutation>[1]) =>
  useTopicMutation((id: string) => api.delete<Answer>(`/topics/${id}`), answered);
