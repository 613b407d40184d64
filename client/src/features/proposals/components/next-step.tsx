import { useCurrentTerm } from "@client/lib/current-term";
import { formatInZone, useTimeZone } from "@client/lib/dates";
import { supervisorName } from "@client/lib/proposal-format";
import { Alert, Button, Text } from "@mantine/core";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { IconEdit, IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** "Ana", "Ana and Ben", "Ana, Ben and Chen". */
export const nameList = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** The students named in the group who have not answered their invitation yet. */
export const waitingFor = (p: Pick<ProposalSummary, "members">) =>
  p.members.filter((m) => m.state === "invited").map((m) => m.name);

function Note({ children, color = "blue" }: { children: ReactNode; color?: string }) {
  return (
    <Alert
      mt="md"
      color={color}
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title="What happens next"
    >
      {children}
    </Alert>
  );
}

/**
 * What happens next to an active proposal, in words (DESIGN.md §9): whose answer it waits for,
 * who reviews it, and, when the supervisor asked for changes, the way to send a new version before
 * the term's revisions close.
 */
export function NextStep({ proposal: p }: { proposal: ProposalSummary }) {
  const zone = useTimeZone();
  const supervisor = supervisorName(p);
  switch (p.status) {
    case "Awaiting members": {
      const names = waitingFor(p);
      return (
        <Note>
          <Text size="sm">
            {names.length
              ? `Waiting for ${nameList(names)} to answer ${names.length === 1 ? "their invitation" : "their invitations"}.`
              : "Everyone has answered."}{" "}
            The proposal goes to {supervisor} once everyone has answered.
          </Text>
        </Note>
      );
    }
    case "Awaiting allocation":
      return (
        <Note>
          <Text size="sm">
            The committee allocates the term's topics; your group is placed with a supervisor then.
          </Text>
        </Note>
      );
    case "Pending":
      return (
        <Note>
          <Text size="sm">{supervisor} reviews it next.</Text>
        </Note>
      );
    case "Changes requested":
      return (
        <Note color="yellow">
          <Text size="sm">
            {supervisor} asked for changes (their feedback is above). Submit a new version
            {p.term.revisionsCloseAt ? (
              <>
                {" "}
                before{" "}
                <time dateTime={p.term.revisionsCloseAt}>{formatInZone(p.term.revisionsCloseAt, zone)}</time>,
                when revisions for {p.term.name} close
              </>
            ) : null}
            ; it goes back to {supervisor} for review.
          </Text>
          <Button
            component={Link}
            to={`/student/proposals/${p.id}`}
            mt="sm"
            size="xs"
            leftSection={<IconEdit size={14} />}
          >
            Submit a new version
          </Button>
        </Note>
      );
    case "Awaiting committee":
      return (
        <Note>
          <Text size="sm">{supervisor} approved it. The committee signs it off next.</Text>
        </Note>
      );
    default:
      return null;
  }
}

/** Why a decided proposal is shown instead of a current one, and what the student may do now. */
export function DecidedNote({ proposal: p }: { proposal: ProposalSummary }) {
  const current = useCurrentTerm().data?.term;
  const text =
    p.status === "Denied"
      ? "It was denied, so you are free to submit a new proposal. Start from this one to keep its title, abstract, type, research cell and supervisor, or begin afresh."
      : p.status === "Withdrawn"
        ? "It was withdrawn, so you are free to submit a new proposal. Start from this one to keep its title, abstract, type, research cell and supervisor, or begin afresh."
        : `It was approved in ${p.term.name}.${current && current.id !== p.term.id ? ` You have no proposal in ${current.name} yet.` : ""}`;
  return (
    <Alert
      mt="md"
      color={p.status === "Approved" ? "green" : "gray"}
      variant="light"
      icon={<IconInfoCircle size={18} />}
    >
      <Text size="sm">{text}</Text>
    </Alert>
  );
}
