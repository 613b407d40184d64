import { CardList, Field } from "@client/components/list-parts";
import { QueryError } from "@client/components/load-error";
import { errorMessage, isApiError } from "@client/lib/api";
import { DateText } from "@client/lib/dates";
import { notify } from "@client/lib/notify";
import { proposalTitle } from "@client/lib/proposal-format";
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { MSG } from "@shared/messages";
import { submissionsOpen } from "@shared/proposal-life";
import type { Invitation } from "@shared/schemas/life";
import { IconCheck, IconMail, IconX } from "@tabler/icons-react";
import { Link } from "react-router";
import { useAnswerInvitation } from "../api/use-answer-invitation";
import { useInvitations } from "../api/use-invitations";

/**
 * A refusal in the server's words: already in an active proposal, or the invitation closed
 * meanwhile. An invitation declined meanwhile (the student took a place elsewhere, in another tab)
 * takes the proposal out of their sight, so the server answers 404: that too is a closed invitation.
 */
const messageOf = (e: unknown) =>
  isApiError(e) && e.status === 404 ? MSG.invitationClosed : errorMessage(e);

/**
 * The student's open invitations (DESIGN.md §9), for the dashboard: who invites them, to what,
 * with whom, and Accept or Decline (after a confirmation). Nothing at all while there are none.
 */
export function InvitationsCard() {
  const invitations = useInvitations();
  const items = invitations.data ?? [];
  if (invitations.isError) return <QueryError title={MSG.fetchInvitationsFailed} query={invitations} />;
  if (!items.length) return null;
  const terms = new Set(items.map((i) => i.term.id));
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="invitations-title">
      <Group gap="sm" mb={4}>
        <ThemeIcon variant="light" radius="md" aria-hidden>
          <IconMail size={18} />
        </ThemeIcon>
        <Title order={2} fz="lg" id="invitations-title">
          Invitations
        </Title>
        <Badge variant="light">{items.length}</Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {items.length > 1 && terms.size < items.length
          ? "Students named you in their proposals. You can join one group a term: accepting one declines your other invitations of that term."
          : "A student named you in their proposal. Accepting takes your one place in the term."}
      </Text>
      <Stack gap="md">
        {items.map((inv) => (
          <InvitationItem
            key={inv.proposalId}
            invitation={inv}
            others={items.filter((o) => o.term.id === inv.term.id && o.proposalId !== inv.proposalId)}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/** One invitation; `others` are the student's other open invitations of its term, which accepting declines. */
function InvitationItem({ invitation: inv, others }: { invitation: Invitation; others: Invitation[] }) {
  const answer = useAnswerInvitation();
  const busy = answer.isPending;
  // Once the term's submissions close, the invitation can only be declined (DESIGN.md §21).
  const canAccept = submissionsOpen(inv.term.submissionsCloseAt, new Date());

  const title = proposalTitle({ title: inv.title, createdBy: inv.by });
  const send = (accept: boolean) =>
    answer.mutate(
      { proposalId: inv.proposalId, accept },
      {
        onSuccess: () => {
          notify.success(accept ? MSG.invitationAccepted(title) : MSG.invitationDeclined(title));
          if (accept && others.length)
            notify.info(
              MSG.otherInvitationsDeclined(
                others.map((o) => proposalTitle({ title: o.title, createdBy: o.by })),
              ),
            );
        },
        // Already in an active proposal, or the invitation closed meanwhile: the server says which.
        onError: (e) => notify.error(messageOf(e)),
      },
    );

  const confirmDecline = () =>
    modals.openConfirmModal({
      title: "Decline the invitation?",
      centered: true,
      children: (
        <Text size="sm">
          You will not join “{title}”, and {inv.by.name} is told. To join later, they would have to submit a
          new proposal naming you.
        </Text>
      ),
      labels: { confirm: "Decline invitation", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => send(false),
    });

  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={title} bg="gray.0">
      <Text size="sm" c="dimmed">
        {inv.by.name} invites you to join their group · <DateText iso={inv.invitedAt} />
      </Text>
      <Title order={3} fz="md" mt={2} mb="sm" style={{ overflowWrap: "anywhere" }}>
        <Anchor component={Link} to={`/student/proposals/${inv.proposalId}`} inherit>
          {title}
        </Anchor>
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        <Field label="Type">{inv.type}</Field>
        {inv.topics.length ? (
          <Field label="Ranked topics">{inv.topics.map((t, i) => `${i + 1}. ${t}`).join(" · ")}</Field>
        ) : (
          <>
            <Field label="Supervisor">{inv.supervisor?.name || MSG.unknown}</Field>
            <Field label="Research cell">{inv.researchCell?.title || MSG.unknownCell}</Field>
          </>
        )}
        <Field label="Term">{inv.term.name}</Field>
      </SimpleGrid>
      <Stack gap={4} mt="sm">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} id={`group-${inv.proposalId}`}>
          Group
        </Text>
        <CardList gap={4} aria-labelledby={`group-${inv.proposalId}`}>
          {inv.members.map((m) => (
            <Group component="li" key={m.id} gap="xs" wrap="nowrap">
              <Text size="sm">
                {m.name}
                {m.id === inv.by.id ? " (submitted it)" : ""}
              </Text>
              <Badge size="sm" variant="light" color={m.state === "accepted" ? "green" : "gray"}>
                {m.state === "accepted" ? "Accepted" : "Not answered yet"}
              </Badge>
            </Group>
          ))}
        </CardList>
      </Stack>
      {!canAccept && (
        <Text size="sm" mt="md">
          {MSG.submissionsClosed(inv.term.name)}
        </Text>
      )}
      <Group mt="md" gap="sm">
        {canAccept && (
          <Button
            leftSection={<IconCheck size={16} />}
            onClick={() => send(true)}
            loading={busy && answer.variables?.accept}
            disabled={busy}
          >
            Accept
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconX size={16} />}
          onClick={confirmDecline}
          loading={busy && answer.variables?.accept === false}
          disabled={busy}
        >
          Decline
        </Button>
      </Group>
    </Paper>
  );
}
