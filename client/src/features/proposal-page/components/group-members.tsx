import { CardList } from "@client/components/list-parts";
import { MemberName } from "@client/components/member-name";
import { Section } from "@client/components/section";
import { Badge, Group, Text } from "@mantine/core";
import type { Proposal } from "@shared/schemas/proposals";

/**
 * The group, creator first: each member with their student ID; an open invitation says "Invited"
 * (in words, not by colour), the creator "Creator", and the viewer "You".
 */
export function GroupMembers({ proposal: p, viewerId }: { proposal: Proposal; viewerId: string }) {
  const members = [...p.members].sort((a, b) => a.position - b.position);
  const invited = members.filter((m) => m.state === "invited").length;
  return (
    <Section
      title="Group"
      aside={
        invited > 0 && (
          <Text size="sm" c="dimmed">
            {invited} {invited === 1 ? "invitation" : "invitations"} open
          </Text>
        )
      }
    >
      <CardList gap="xs" aria-label="Members">
        {members.map((m) => (
          <Group component="li" key={m.id} gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              <MemberName member={m} />
            </Text>
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              {m.id === viewerId && (
                <Badge variant="outline" color="gray" size="sm">
                  You
                </Badge>
              )}
              {m.id === p.createdBy?.id && (
                <Badge variant="light" color="indigo" size="sm">
                  Creator
                </Badge>
              )}
              {m.state === "invited" && (
                <Badge variant="light" color="yellow" size="sm">
                  Invited
                </Badge>
              )}
            </Group>
          </Group>
        ))}
      </CardList>
    </Section>
  );
}
