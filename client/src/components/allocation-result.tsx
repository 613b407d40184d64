import { allocationQueries } from "@client/lib/queries/allocation";
import { ordinal } from "@client/lib/words";
import { Text } from "@mantine/core";
import type { ProposalStatus } from "@shared/enums";
import type { AllocationReceipt } from "@shared/schemas/allocation";
import { useQuery } from "@tanstack/react-query";

/**
 * A group's allocation once its term's allocation is published (DESIGN.md §20): its receipt, read
 * by the proposal page's "Your allocation" panel and the student dashboard's card alike (one query,
 * one cache entry). `mayRead`: the caller is one of the group or the committee.
 */
export function useAllocationResult(p: { id: string; term: { id: string; mode: string } }, mayRead: boolean) {
  const allocation = p.term.mode === "allocation" && mayRead;
  const published = !!useQuery({ ...allocationQueries.preferences(p.id), enabled: allocation }).data
    ?.publishedAt;
  const receipt = useQuery({
    ...allocationQueries.receipt(p.term.id, p.id),
    enabled: allocation && published,
    retry: false,
  });
  return allocation && published ? receipt.data : undefined;
}

/** What the group got: the topic and the place it had on the group's list (or that it was placed by hand). */
export function AllocatedTopic({
  receipt: r,
  status,
  own,
}: {
  receipt: AllocationReceipt;
  status: ProposalStatus;
  own: boolean;
}) {
  const group = own ? "Your group" : "The group";
  return (
    <Text size="sm" fw={500}>
      {r.got
        ? `${group} got “${r.got.title}”${r.got.rank ? `, its ${ordinal(r.got.rank)} choice` : ", placed by hand off its list"}.`
        : status === "Awaiting allocation"
          ? `${group} got no topic in the allocation: the committee places it by hand.`
          : `${group} got no topic in the allocation; the committee placed it by hand afterwards.`}
    </Text>
  );
}
