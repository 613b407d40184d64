import { CertificateCard } from "@client/components/allocation-certificate";
import { AllocatedTopic, useAllocationResult } from "@client/components/allocation-result";
import { Section } from "@client/components/section";
import { useUser } from "@client/lib/auth";
import { ordinal } from "@client/lib/words";
import { List, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { partiesOf } from "@shared/proposal-life";
import type { Proposal } from "@shared/schemas/proposals";

/**
 * "Your allocation" (DESIGN.md §20) once a term's allocation is published, for the group's members
 * and the committee: the topic the group got and the place it had on its list, why each topic it
 * ranked higher went elsewhere (in counts, never names), whether a blocking pair involves it, and
 * the allocation's certificate.
 */
export function AllocationResultPanel({ proposal: p, zone }: { proposal: Proposal; zone: string }) {
  const user = useUser();
  const parties = partiesOf(user, p);
  const mayRead = parties.includes("creator") || parties.includes("member") || user.role === "committee";
  const r = useAllocationResult(p, mayRead);
  if (!r) return null;
  const own = parties.includes("creator") || parties.includes("member");
  return (
    <Section title={own ? "Your allocation" : "The group's allocation"}>
      <Stack gap="sm">
        <AllocatedTopic receipt={r} status={p.status} own={own} />
        {r.reasons.length > 0 && (
          <Stack gap={4}>
            <Text size="sm">Why not a topic ranked higher:</Text>
            <List size="sm" spacing={4}>
              {r.reasons.map((x) => (
                <List.Item key={x.topicId}>
                  <Text span size="sm" fw={500}>
                    {ordinal(x.rank)} choice:
                  </Text>{" "}
                  {x.sentence}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {r.blockingPairs === 0 && (
          <Text size="sm" c="dimmed">
            {MSG.receiptNoBlocking}
          </Text>
        )}
        <CertificateCard termId={p.term.id} zone={zone} />
      </Stack>
    </Section>
  );
}
