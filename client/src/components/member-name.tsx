import { memberNames } from "@client/lib/proposal-format";
import { Text } from "@mantine/core";
import { MSG } from "@shared/messages";

/** A group member as the group's pages name them: the name, then the student ID, dimmed. */
export function MemberName({ member }: { member: { name: string; studentId: string | null } }) {
  return (
    <>
      {member.name || MSG.unknown}
      {member.studentId && (
        <Text span c="dimmed" size="sm">
          {" "}
          ({member.studentId})
        </Text>
      )}
    </>
  );
}

/** A proposal's group on a card: "Members:" dimmed, then the names. */
export function MembersLine({ proposal, mt }: { proposal: Parameters<typeof memberNames>[0]; mt: number }) {
  return (
    <Text size="sm" mt={mt}>
      <Text span c="dimmed" size="sm">
        Members:{" "}
      </Text>
      {memberNames(proposal)}
    </Text>
  );
}
