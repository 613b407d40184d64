import { CertificateCard } from "@client/components/allocation-certificate";
import { EmptyState } from "@client/components/empty-state";
import { LoadError, QueryError } from "@client/components/load-error";
import { wholeNameProps } from "@client/components/term-select";
import { errorMessage } from "@client/lib/api";
import { formatInZone, useTimeZone } from "@client/lib/dates";
import { notify } from "@client/lib/notify";
import { Alert, Anchor, Button, Group, Select, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconGitMerge,
  IconPlayerPlay,
  IconSend,
} from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useAllocation, useAllocationTerms, useRunAllocation } from "../api/use-allocation";
import { ChoiceChart, DraftFigures, LoadTable } from "./allocation-figures";
import { BlockingPairs } from "./blocking-pairs";
import { GroupsTable } from "./groups-table";
import { type GroupRow, readModel } from "./model";
import { MoveModal } from "./move-modal";
import { PlaceGroupModal } from "./place-group-modal";
import { PublishModal } from "./publish-modal";
import { ScenariosPanel } from "./scenarios-panel";

/**
 * The committee's Allocation (DESIGN.md §11) for one allocation term (the current one when it
 * allocates, else the newest; `?term=` chooses another): Run (a draft; nothing else changes), the
 * draft in figures and a chart of the choices the groups got, each supervisor's load, the seed;
 * a warning with Run again when the draft is out of date; Move a group by hand, with the blocking
 * pairs that creates; Publish after a confirmation; then Place for the groups left unmatched.
 */
export function AllocationScreen() {
  const terms = useAllocationTerms();
  const [params, setParams] = useSearchParams();
  const items = terms.data?.items ?? [];
  const chosen =
    items.find((t) => t.id === params.get("term")) ?? items.find((t) => t.current) ?? items[0] ?? null;
  const zone = useTimeZone();
  const allocation = useAllocation(chosen?.id ?? null);
  const run = useRunAllocation(chosen?.id ?? "");
  const [moving, setMoving] = useState<GroupRow | null>(null);
  const [placing, setPlacing] = useState<GroupRow | null>(null);
  const [publishing, setPublishing] = useState(false);
  // The blocking pairs the last move created: those after it that were not there before.
  const [created, setCreated] = useState<{ proposalId: string; topicId: string }[] | null>(null);

  const model = useMemo(() => (allocation.data ? readModel(allocation.data) : null), [allocation.data]);
  const blocking = useMemo(
    () => new Set(allocation.data?.draft?.blockingPairs.map((b) => b.proposalId) ?? []),
    [allocation.data],
  );

  if (terms.isPending) return <Skeleton height={200} radius="md" />;
  if (terms.isError)
    return <LoadError title="The terms could not be loaded." onRetry={() => void terms.refetch()} />;
  if (!chosen)
    return (
      <EmptyState
        icon={IconGitMerge}
        title="No term allocates topics"
        description="Make a term in allocation mode on Terms: supervisors then offer topics, groups rank them, and you allocate them here."
        action={
          <Button component={Link} to="/committee/terms" variant="light">
            Go to Terms
          </Button>
        }
      />
    );

  const termOptions = items.map((t) => ({ value: t.id, label: t.current ? `${t.name} (current)` : t.name }));
  const termSelect = (
    <Select
      label="Term"
      data={termOptions}
      value={chosen.id}
      allowDeselect={false}
      onChange={(v) => {
        setCreated(null);
        setParams((prev) => {
          const next = new URLSearchParams(prev);
          if (v) next.set("term", v);
          return next;
        });
      }}
      {...wholeNameProps(termOptions.map((o) => o.label))}
    />
  );

  const doRun = () => {
    setCreated(null);
    run.mutate(undefined, {
      onSuccess: (s) => notify.success(MSG.allocationRan(s.groups - s.unmatched, s.groups)),
      onError: (e) => notify.error(errorMessage(e)),
    });
  };
  const a = allocation.data;
  const draft = a?.draft ?? null;
  const published = !!a?.publishedAt;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        {termSelect}
        {a && !published && (
          <Group gap="sm">
            <Button
              variant={draft ? "default" : "filled"}
              leftSection={<IconPlayerPlay size={16} />}
              onClick={doRun}
              loading={run.isPending}
            >
              {draft ? "Run again" : "Run allocation"}
            </Button>
            <Button
              leftSection={<IconSend size={16} />}
              onClick={() => setPublishing(true)}
              disabled={!draft || draft.outOfDate}
            >
              Publish
            </Button>
          </Group>
        )}
      </Group>

      {allocation.isError ? (
        <QueryError title="The allocation could not be loaded." query={allocation} />
      ) : !a || !model ? (
        <Skeleton height={240} radius="md" />
      ) : (
        <>
          {published && (
            <Alert color="green" icon={<IconCircleCheck size={18} />} title="Published">
              The allocation of {chosen.name} was published {formatInZone(a.publishedAt!, zone)}: its topics
              and preferences are frozen.{" "}
              {a.groups.length
                ? `${a.groups.length.toLocaleString("en")} group${a.groups.length === 1 ? " is" : "s are"} left to place by hand below.`
                : "Every group has a topic."}
            </Alert>
          )}
          {published && <CertificateCard termId={chosen.id} zone={zone} />}
          {draft?.outOfDate && !published && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={MSG.allocationOutOfDate}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  What the allocation is made from changed after this draft was made (topics, places,
                  preferences, rankings, a group's members or a supervisor's account), so it cannot be
                  published.
                </Text>
                <Button
                  size="xs"
                  onClick={doRun}
                  loading={run.isPending}
                  leftSection={<IconPlayerPlay size={14} />}
                >
                  Run again
                </Button>
              </Stack>
            </Alert>
          )}
          {!draft ? (
            <EmptyState
              icon={IconGitMerge}
              title="No draft yet"
              description={`${a.groups.length.toLocaleString("en")} group${a.groups.length === 1 ? "" : "s"} await allocation over ${a.topics.length.toLocaleString("en")} topic${a.topics.length === 1 ? "" : "s"}. Run the allocation to see a draft: nothing changes until you publish it.`}
            />
          ) : (
            <>
              <DraftFigures draft={draft} groups={draft.assignments.length} zone={zone} />
              {created && (
                <BlockingPairs
                  title={
                    created.length
                      ? `The move creates ${created.length} blocking pair${created.length === 1 ? "" : "s"}`
                      : "The move creates no blocking pair"
                  }
                  pairs={created}
                  model={model}
                  color={created.length ? "orange" : "green"}
                />
              )}
              {draft.blockingPairs.length > 0 && (
                <BlockingPairs
                  title={`The ${published ? "published allocation" : "draft"} has ${draft.blockingPairs.length} blocking pair${draft.blockingPairs.length === 1 ? "" : "s"}`}
                  pairs={draft.blockingPairs}
                  model={model}
                  color="yellow"
                />
              )}
              <SimpleGrid cols={{ base: 1, lg: 2 }}>
                <ChoiceChart
                  byRank={draft.byRank}
                  unmatched={draft.unmatched}
                  offList={draft.assignments.filter((x) => x.topicId !== null && x.rank === null).length}
                />
                <LoadTable load={a.load} published={published} />
              </SimpleGrid>
            </>
          )}
          {draft && !published && <ScenariosPanel termId={chosen.id} zone={zone} />}
          {(draft || published) && (
            <GroupsTable
              key={`${chosen.id}-${published}`}
              model={model}
              published={published}
              blocking={blocking}
              onMove={setMoving}
              onPlace={setPlacing}
            />
          )}
          {!published && (
            <Text size="sm" c="dimmed">
              Supervisors rank their applicants on their Applicants screen; groups they leave unranked follow
              by lot from the seed shown with the draft. Topics and places are on{" "}
              <Anchor component={Link} to="/committee/terms">
                Terms
              </Anchor>{" "}
              and the supervisors' Topics screens.
            </Text>
          )}
          <MoveModal
            termId={chosen.id}
            model={model}
            row={moving}
            onClose={() => setMoving(null)}
            onMoved={(_group, after) => {
              const before = new Set((draft?.blockingPairs ?? []).map((b) => `${b.proposalId}:${b.topicId}`));
              setCreated(after.filter((b) => !before.has(`${b.proposalId}:${b.topicId}`)));
            }}
          />
          <PlaceGroupModal model={model} row={placing} onClose={() => setPlacing(null)} />
          <PublishModal
            termId={chosen.id}
            draft={draft}
            opened={publishing}
            onClose={() => setPublishing(false)}
            onPublished={() => setCreated(null)}
          />
        </>
      )}
    </Stack>
  );
}
