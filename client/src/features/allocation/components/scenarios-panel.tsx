import { ActionModal, confirming } from "@client/components/action-modal";
import { LoadError } from "@client/components/load-error";
import { errorMessage } from "@client/lib/api";
import { closeOnAnswer } from "@client/lib/close-on-answer";
import { formatInZone } from "@client/lib/dates";
import { notify } from "@client/lib/notify";
import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Scenario } from "@shared/schemas/scenarios";
import { IconAlertTriangle, IconCheck, IconCopy, IconPlayerPlay, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import {
  useAdoptScenario,
  useCreateScenario,
  useDiscardScenario,
  useRunScenario,
  useScenario,
  useScenarios,
} from "../api/use-scenarios";
import { ScenarioCapacities } from "./scenario-capacities";
import { ScenarioComparison } from "./scenario-comparison";

/** The confirmation before a scenario becomes the draft: what it changes for real. */
function AdoptModal(props: {
  termId: string;
  scenario: Scenario;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { scenario: s, opened, onClose } = props;
  const adopt = useAdoptScenario(
    props.termId,
    s.id,
    closeOnAnswer(onClose, () => MSG.scenarioAdopted(s.name), props.onDone),
  );
  const topics = s.topics.filter((t) => t.real !== t.scenario).length;
  const supervisors = s.supervisors.filter((x) => x.real !== x.scenario).length;
  const dialog = confirming({ opened, onClose }, adopt, () => adopt.mutate());
  return (
    <ActionModal
      {...dialog}
      title="Make this scenario the draft?"
      confirmLabel="Make it the draft"
      focusConfirm
    >
      <Text size="sm">
        The places of {topics} topic{topics === 1 ? "" : "s"} and {supervisors} supervisor
        {supervisors === 1 ? "" : "s"} become the real ones, and the scenario's result replaces the draft
        (with any moves by hand in it). Both happen together or not at all. Nothing is published.
      </Text>
    </ActionModal>
  );
}

/** One scenario: its capacities, Run, the comparison with the draft, Discard and Make it the draft. */
function ScenarioPane({
  termId,
  id,
  zone,
  onGone,
}: {
  termId: string;
  id: string;
  zone: string;
  onGone: () => void;
}) {
  const scenario = useScenario(termId, id);
  const run = useRunScenario(termId, id);
  const discard = useDiscardScenario(termId, id);
  const [adopting, setAdopting] = useState(false);
  if (scenario.isPending) return <Skeleton height={200} radius="md" />;
  if (scenario.isError)
    return <LoadError title="The scenario could not be loaded." onRetry={() => void scenario.refetch()} />;
  const s = scenario.data;
  const doRun = () =>
    run.mutate(undefined, {
      onSuccess: ({ scenario: r }) =>
        notify.success(
          MSG.scenarioRan(r.comparison?.scenario.matched ?? 0, r.comparison?.scenario.groups ?? 0),
        ),
      onError: (e) => notify.error(errorMessage(e)),
    });
  const doDiscard = () =>
    discard.mutate(undefined, {
      onSuccess: () => {
        notify.success(MSG.scenarioDiscarded(s.name));
        onGone();
      },
      onError: (e) => notify.error(errorMessage(e)),
    });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Copied {formatInZone(s.madeAt, zone)}
        {s.madeBy ? ` by ${s.madeBy.name}` : ""}, with the draft's seed;{" "}
        {s.ranAt ? `run ${formatInZone(s.ranAt, zone)}.` : "not run since its last change."}
      </Text>
      {s.stale && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title="The draft or the places changed since this copy"
        >
          It can still be run and compared, but not made the draft: copy the draft into a new scenario for
          that.
        </Alert>
      )}
      <ScenarioCapacities key={`${s.id}-${s.ranAt ?? ""}`} termId={termId} scenario={s} />
      <Group gap="sm">
        <Button leftSection={<IconPlayerPlay size={16} />} onClick={doRun} loading={run.isPending}>
          Run scenario
        </Button>
        <Button
          leftSection={<IconCheck size={16} />}
          variant="light"
          onClick={() => setAdopting(true)}
          disabled={!s.comparison || s.stale}
        >
          Make it the draft
        </Button>
        <Button
          leftSection={<IconTrash size={16} />}
          variant="default"
          color="red"
          onClick={doDiscard}
          loading={discard.isPending}
        >
          Discard
        </Button>
      </Group>
      {s.comparison ? (
        <ScenarioComparison scenario={s} />
      ) : (
        <Text size="sm">Run the scenario to compare it with the draft.</Text>
      )}
      <AdoptModal
        termId={termId}
        scenario={s}
        opened={adopting}
        onClose={() => setAdopting(false)}
        onDone={onGone}
      />
    </Stack>
  );
}

/**
 * What-if scenarios (DESIGN.md §20): the committee copies the draft, changes topic and supervisor
 * places in the copy, runs it and compares it with the draft; then discards it or makes it the draft.
 */
export function ScenariosPanel({ termId, zone }: { termId: string; zone: string }) {
  const list = useScenarios(termId, true);
  const create = useCreateScenario(termId);
  const [open, setOpen] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  const current = items.some((x) => x.id === open) ? open : null;
  const copy = () =>
    create.mutate(undefined, {
      onSuccess: ({ scenario }) => {
        notify.success(MSG.scenarioCopied(scenario.name));
        setOpen(scenario.id);
      },
      onError: (e) => notify.error(errorMessage(e)),
    });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="scenarios-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} fz="lg" id="scenarios-title">
            What-if scenarios
          </Title>
          <Button
            leftSection={<IconCopy size={16} />}
            variant="light"
            onClick={copy}
            loading={create.isPending}
          >
            Copy the draft into a scenario
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Change topics' and supervisors' places in a copy of the draft, run it and compare it with the draft.
          Nothing real changes until you make a scenario the draft.
        </Text>
        {list.isError && (
          <LoadError title="The scenarios could not be loaded." onRetry={() => void list.refetch()} />
        )}
        {items.length > 0 && (
          <Select
            label="Scenario"
            placeholder="Choose a scenario"
            data={items.map((x) => ({ value: x.id, label: `${x.name}${x.stale ? " (stale)" : ""}` }))}
            value={current}
            onChange={setOpen}
            maw={360}
          />
        )}
        {current && (
          <ScenarioPane key={current} termId={termId} id={current} zone={zone} onGone={() => setOpen(null)} />
        )}
      </Stack>
    </Paper>
  );
}
