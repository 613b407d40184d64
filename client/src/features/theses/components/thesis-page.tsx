import { EmptyState } from "@client/components/empty-state";
import { Fact } from "@client/components/fact";
import { QueryError } from "@client/components/load-error";
import { PageHeader } from "@client/components/page-header";
import { PageLoader } from "@client/components/page-loader";
import { Section } from "@client/components/section";
import { isApiError } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import { type BackLink, useBack } from "@client/lib/back";
import { DateText } from "@client/lib/dates";
import { Anchor, Grid, Group, SimpleGrid, Stack } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import { IconArrowLeft, IconFileOff } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useThesis } from "../api/use-theses";
import { DefenseSection } from "./defense-section";
import { MarkingPanel } from "./marking-panel";
import { ReleaseSection } from "./release-section";
import { ThesisActions } from "./thesis-actions";
import { ThesisDue, ThesisOverdueBadge, useNow, YourAssessmentBadge } from "./thesis-due";
import { ThesisStateBadge } from "./thesis-state-badge";
import { WritingPanel } from "./writing-panel";

const names = (people: { name: string }[]) => people.map((p) => p.name || MSG.unknown).join(", ");
const personName = (p: { name: string } | null) => (p ? p.name || MSG.unknown : MSG.notAvailable);

/**
 * One thesis for everyone who may see it (DESIGN.md §16): its state, its due date with a countdown
 * ("Overdue" past it while written), its members and examiners, and only the actions the server
 * says the caller may take now. Someone else's (or a made-up id) is simply not found.
 */
export function ThesisPage({ id, back: fallback }: { id: string; back: BackLink }) {
  const back = useBack(fallback);
  const query = useThesis(id);
  const user = useUser();
  const now = useNow();
  const backLink = (
    <Anchor component={Link} to={back.to} size="sm">
      <IconArrowLeft size={14} style={{ verticalAlign: "middle" }} aria-hidden /> {back.label}
    </Anchor>
  );
  const failed = (body: ReactNode) => (
    <>
      <PageHeader title="Thesis" />
      <Stack>
        {backLink}
        {body}
      </Stack>
    </>
  );

  if (query.isPending)
    return (
      <>
        <PageHeader title="Thesis" />
        <PageLoader label="Loading thesis" />
      </>
    );
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return failed(
      missing ? (
        <EmptyState
          icon={IconFileOff}
          title="Thesis not found"
          description="It does not exist, or it is not yours to see."
        />
      ) : (
        <QueryError title={MSG.fetchThesisFailed} query={query} />
      ),
    );
  }

  const t: Thesis = query.data;
  return (
    <Stack gap="md">
      {backLink}
      <PageHeader
        title={t.title}
        description={`Thesis · ${t.termName}`}
        actions={
          <Group gap="xs">
            <ThesisStateBadge state={t.state} size="lg" />
            <ThesisOverdueBadge thesis={t} now={now} size="lg" />
            <YourAssessmentBadge thesis={t} now={now} />
          </Group>
        }
      />
      <ThesisActions thesis={t} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            <Section title="Dates">
              <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
                <Fact label="Started">
                  <DateText iso={t.startedAt} />
                </Fact>
                <Fact label="Due">
                  <ThesisDue thesis={t} now={now} />
                </Fact>
                <Fact label="Submitted">
                  {t.submittedAt ? <DateText iso={t.submittedAt} withTime /> : "Not yet"}
                </Fact>
                <Fact label="Proposal">
                  <Anchor component={Link} to={`/${user.role}/proposals/${t.proposalId}`} size="sm">
                    Open the proposal
                  </Anchor>
                </Fact>
              </SimpleGrid>
            </Section>
            <WritingPanel thesis={t} />
            <MarkingPanel thesis={t} />
            <DefenseSection thesis={t} />
            <ReleaseSection thesis={t} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Section title="People">
            <Stack component="dl" gap="sm" m={0}>
              <Fact label={t.members.length === 1 ? "Member" : "Members"}>
                {names(t.members) || MSG.notAvailable}
              </Fact>
              <Fact label="Supervisor">{personName(t.supervisor)}</Fact>
              <Fact label="First examiner">{personName(t.firstExaminer)}</Fact>
              <Fact label="Second examiner">
                {t.secondExaminer ? personName(t.secondExaminer) : "Not named yet"}
              </Fact>
            </Stack>
          </Section>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
