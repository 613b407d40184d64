import { EmptyState } from "@client/components/empty-state";
import { OverdueBadge } from "@client/components/overdue-badge";
import { PageHeader } from "@client/components/page-header";
import { PageLoader } from "@client/components/page-loader";
import { StatusBadge } from "@client/components/status-badge";
import { isApiError } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import { type BackLink, useBack } from "@client/lib/back";
import { useTimeZone } from "@client/lib/dates";
import { proposalTitle, proposalType } from "@client/lib/proposal-format";
import { thesisPath } from "@client/lib/queries/theses";
import { Alert, Anchor, Button, Grid, Group, Stack } from "@mantine/core";
import { MSG } from "@shared/messages";
import { mayRead } from "@shared/proposal-access";
import { partiesOf } from "@shared/proposal-life";
import { IconArrowLeft, IconFileOff, IconNotebook } from "@tabler/icons-react";
import { Link } from "react-router";
import { useProposalDetail } from "../api/use-proposal-page";
import { AllocationResultPanel } from "./allocation-result-panel";
import { GroupMembers } from "./group-members";
import { PreferencesPanel } from "./preferences-panel";
import { ProposalActions, type ReviewModalComponent } from "./proposal-actions";
import { ProposalDetails, ProposalFeedback } from "./proposal-details";
import { TimelinePanel } from "./timeline-panel";
import { VersionsPanel } from "./versions-panel";

/**
 * One proposal for every role that may see it (DESIGN.md §9): its status, facts, abstract, group,
 * document and feedback; the actions the transition table allows the viewer now; every version
 * with a word diff between any two; and its timeline. An invitee reads the proposal, not its
 * versions or timeline (DESIGN.md §9), so the page does not ask for them. Someone else's (or a
 * made-up id) is simply not found. `reviewModal` is the supervisor's review, composed in by the
 * supervisor's route.
 */
export function ProposalPage({
  id,
  back: fallback,
  reviewModal,
}: {
  id: string;
  /** Where "Back" leads when the page was not opened from a screen (a link from elsewhere). */
  back: BackLink;
  reviewModal?: ReviewModalComponent;
}) {
  const back = useBack(fallback);
  const query = useProposalDetail(id);
  const user = useUser();
  const zone = useTimeZone();
  const backLink = (
    <Anchor component={Link} to={back.to} size="sm">
      <IconArrowLeft size={14} style={{ verticalAlign: "middle" }} aria-hidden /> {back.label}
    </Anchor>
  );

  if (query.isPending)
    return (
      <>
        <PageHeader title="Proposal" />
        <PageLoader label="Loading proposal" />
      </>
    );
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        <PageHeader title="Proposal" />
        <Stack>
          {backLink}
          {missing ? (
            <EmptyState
              icon={IconFileOff}
              title="Proposal not found"
              description={
                user.role === "student"
                  ? "It does not exist, or you are not in its group."
                  : "It does not exist, or it is not yours to see."
              }
            />
          ) : (
            <Alert color="red" title={MSG.fetchProposalsFailed}>
              <Button variant="default" size="xs" onClick={() => query.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
        </Stack>
      </>
    );
  }

  const p = query.data;
  const parties = partiesOf(user, p);
  // The group never sees "Overdue": that is for the supervisor and the committee.
  const overdue = user.role !== "student" && <OverdueBadge proposal={p} size="lg" />;
  return (
    <Stack gap="md">
      {backLink}
      <PageHeader
        title={proposalTitle(p)}
        description={`${proposalType(p)} · ${p.term.name}${p.version ? ` · version ${p.version}` : ""}`}
        actions={
          <Group gap="xs">
            <StatusBadge status={p.status} size="lg" />
            {overdue}
          </Group>
        }
      />
      {p.thesisId && (
        <Button
          component={Link}
          to={thesisPath(user.role, p.thesisId)}
          variant="light"
          leftSection={<IconNotebook size={16} aria-hidden />}
          style={{ alignSelf: "flex-start" }}
        >
          Open the thesis
        </Button>
      )}
      <ProposalActions proposal={p} zone={zone} reviewModal={reviewModal} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            <ProposalDetails proposal={p} zone={zone} />
            <PreferencesPanel proposal={p} zone={zone} />
            <AllocationResultPanel proposal={p} zone={zone} />
            <ProposalFeedback proposal={p} zone={zone} />
            {mayRead(parties, "versions") && <VersionsPanel proposalId={p.id} zone={zone} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            <GroupMembers proposal={p} viewerId={user.id} />
            {mayRead(parties, "timeline") && <TimelinePanel proposalId={p.id} zone={zone} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
