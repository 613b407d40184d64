import { OverdueBadge } from "@client/components/overdue-badge";
import { isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { cellTitle, formatDate, memberNames } from "@client/lib/proposal-format";
import { proposalQueries } from "@client/lib/queries/proposals";
import { termQueries } from "@client/lib/queries/terms";
import {
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Spoiler,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { type ProposalSummary, reviewSchema } from "@shared/schemas/proposals";
import { formatInZone } from "@shared/time";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useReviewProposal } from "../api/use-review-proposal";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

type Decision = "Approved" | "Denied";

/**
 * The review of one Pending proposal: its details, the Feedback box and the decision.
 * A proposal reviewed meanwhile elsewhere (409) or gone (404) closes the modal and the
 * list refreshes (the mutation invalidates it).
 */
export function ReviewModal({
  proposal,
  onClose,
}: {
  proposal: ProposalSummary | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={proposal !== null} onClose={onClose} title="Review proposal" size="lg">
      {proposal && <ReviewBody key={proposal.id} proposal={proposal} onClose={onClose} />}
    </Modal>
  );
}

/**
 * The abstract to review: a list carries its first LIMITS.excerptMax characters, so one that long
 * may be cut and the whole proposal is fetched; until it arrives the excerpt shows.
 */
function useAbstract(proposal: ProposalSummary) {
  const cut = proposal.excerpt.length >= LIMITS.excerptMax;
  const whole = useQuery({ ...proposalQueries.detail(proposal.id), enabled: cut });
  return { text: whole.data?.abstract ?? proposal.excerpt, loading: cut && whole.isPending };
}

function ReviewBody({ proposal, onClose }: { proposal: ProposalSummary; onClose: () => void }) {
  const review = useReviewProposal();
  const abstract = useAbstract(proposal);
  const zone = useQuery(termQueries.list()).data?.timeZone ?? "UTC";
  const [feedback, setFeedback] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);

  const decide = (status: Decision) => {
    const parsed = reviewSchema.safeParse({ status, feedback });
    if (!parsed.success) {
      setError(
        parsed.error.issues.find((i) => i.path[0] === "feedback")?.message ?? parsed.error.issues[0].message,
      );
      return;
    }
    setError(null);
    setDecision(status);
    review.mutate(
      { id: proposal.id, input: parsed.data },
      {
        onSuccess: () => {
          notify.success(MSG.proposalReviewed(status));
          onClose();
        },
        onError: (e) => {
          const message = isApiError(e) ? e.message : "Something went wrong. Please try again.";
          notify.error(MSG.updateStatusFailed(message));
          if (isApiError(e) && (e.status === 409 || e.status === 404)) onClose();
          else if (isApiError(e) && e.fields.feedback) setError(e.fields.feedback);
        },
      },
    );
  };

  return (
    <Stack>
      <Stack gap={4}>
        <Text fw={700} size="lg">
          {proposal.title}
        </Text>
        <Group gap="xs">
          <Badge variant="light">{proposal.type}</Badge>
          <Badge color="yellow">{proposal.status}</Badge>
          <OverdueBadge proposal={proposal} />
        </Group>
      </Stack>
      <Stack gap={2}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          Abstract
        </Text>
        <Spoiler maxHeight={140} showLabel="Show more" hideLabel="Show less">
          <Text
            size="sm"
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            aria-busy={abstract.loading}
          >
            {abstract.text}
            {abstract.loading && "…"}
          </Text>
        </Spoiler>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Type">{proposal.type}</Fact>
        <Fact label="Research cell">{cellTitle(proposal)}</Fact>
        <Fact label="Submitted by">{proposal.createdBy?.name || MSG.unknown}</Fact>
        <Fact label="Submitted">{formatDate(proposal.createdAt)}</Fact>
        <Fact label="Members">{memberNames(proposal)}</Fact>
        <Fact label="Term">{proposal.term.name}</Fact>
        {proposal.reviewDueAt && <Fact label="Review due">{formatInZone(proposal.reviewDueAt, zone)}</Fact>}
      </SimpleGrid>
      <Divider />
      <Textarea
        label="Feedback"
        description="Required when denying; the group sees it with the decision."
        placeholder="What should the group know about your decision?"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={LIMITS.feedbackMax}
        value={feedback}
        error={error}
        onChange={(e) => {
          setFeedback(e.currentTarget.value);
          if (error) setError(null);
        }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={review.isPending}>
          Cancel
        </Button>
        <Button
          color="red"
          leftSection={<IconX size={16} />}
          onClick={() => decide("Denied")}
          loading={review.isPending && decision === "Denied"}
          disabled={review.isPending && decision !== "Denied"}
        >
          Deny
        </Button>
        <Button
          color="green"
          leftSection={<IconCheck size={16} />}
          onClick={() => decide("Approved")}
          loading={review.isPending && decision === "Approved"}
          disabled={review.isPending && decision !== "Approved"}
        >
          Approve
        </Button>
      </Group>
    </Stack>
  );
}
