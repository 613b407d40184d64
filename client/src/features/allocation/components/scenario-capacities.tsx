import { CardList } from "@client/components/list-parts";
import { errorMessage } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { useNarrow } from "@client/lib/use-narrow";
import {
  Box,
  Button,
  Group,
  NumberInput,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { Scenario } from "@shared/schemas/scenarios";
import { IconDeviceFloppy, IconSearch } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useEditScenario } from "../api/use-scenarios";

const PAGE = 8;

/** A scrollable table of capacities, a page at a time. */
function CapacityTable<R extends { id: string }>(props: {
  title: string;
  rows: R[];
  head: string[];
  cells: (r: R) => ReactNode[];
}) {
  const narrow = useNarrow();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(props.rows.length / PAGE));
  const shown = props.rows.slice((Math.min(page, pages) - 1) * PAGE, Math.min(page, pages) * PAGE);
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {props.title}
      </Title>
      {props.rows.length === 0 ? (
        <Text size="sm">None matches.</Text>
      ) : narrow ? (
        <CardList gap="xs" aria-label={props.title}>
          {shown.map((r) => {
            const [name, real, input] = props.cells(r);
            return (
              <Paper component="li" key={r.id} withBorder radius="md" p="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0}>
                    <Text size="sm" fw={500} component="div">
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Real: {real}
                    </Text>
                  </Stack>
                  {input}
                </Group>
              </Paper>
            );
          })}
        </CardList>
      ) : (
        <Box style={{ overflowX: "auto" }} tabIndex={0} aria-label={`${props.title}, scrollable`}>
          <Table verticalSpacing={4} miw={340}>
            <Table.Thead>
              <Table.Tr>
                {props.head.map((h, i) => (
                  <Table.Th key={h} ta={i === 0 ? "left" : "right"}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={r.id}>
                  {props.cells(r).map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are in a fixed order
                    <Table.Td key={i} ta={i === 0 ? "left" : "right"}>
                      {c}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          size="sm"
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          getControlProps={(control) => ({ "aria-label": `${props.title}: ${control} page` })}
          getItemProps={(p) => ({ "aria-label": `${props.title}: page ${p}` })}
        />
      )}
    </Stack>
  );
}

/**
 * The scenario's capacities beside the real ones (DESIGN.md §20): each topic's places (at least 1)
 * and each supervisor's (at least 0), found by name, changed here and saved into the scenario only.
 */
export function ScenarioCapacities({ termId, scenario: s }: { termId: string; scenario: Scenario }) {
  const edit = useEditScenario(termId, s.id);
  const [q, setQ] = useState("");
  const [topics, setTopics] = useState<Record<string, number>>({});
  const [supervisors, setSupervisors] = useState<Record<string, number>>({});
  const names = new Map(s.supervisors.map((x) => [x.id, x.name]));
  const find = q.trim().toLowerCase();
  const matches = (...words: string[]) => !find || words.some((w) => w.toLowerCase().includes(find));
  const changed = Object.keys(topics).length + Object.keys(supervisors).length;
  const places = (n: number | null) => (n === null ? "No limit" : n.toLocaleString("en"));
  const input = (label: string, value: number | null, min: number, set: (v: number | undefined) => void) => (
    <NumberInput
      aria-label={label}
      size="xs"
      w={88}
      ml="auto"
      style={{ flexShrink: 0 }}
      min={min}
      max={LIMITS.capacityMax}
      allowDecimal={false}
      allowNegative={false}
      value={value ?? ""}
      placeholder="No limit"
      onChange={(v) => set(typeof v === "number" ? v : undefined)}
    />
  );
  const save = () =>
    edit.mutate(
      { topicCapacities: topics, supervisorCapacities: supervisors },
      {
        onSuccess: () => {
          setTopics({});
          setSupervisors({});
          notify.success(MSG.scenarioSaved);
        },
        onError: (e) => notify.error(errorMessage(e)),
      },
    );
  const without = (r: Record<string, number>, id: string) =>
    Object.fromEntries(Object.entries(r).filter(([k]) => k !== id));
  return (
    <Stack gap="sm">
      <TextInput
        label="Find a topic or supervisor"
        leftSection={<IconSearch size={16} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maw={360}
      />
      <CapacityTable
        title="Topics' places"
        rows={s.topics.filter((t) => matches(t.title, names.get(t.supervisorId) ?? ""))}
        head={["Topic", "Real", "In the scenario"]}
        cells={(t) => [
          <Text key="t" size="sm">
            {t.title}
            <Text span size="xs" c="dimmed">
              {" "}
              · {names.get(t.supervisorId)}
            </Text>
          </Text>,
          places(t.real),
          input(`Places of “${t.title}” in the scenario`, topics[t.id] ?? t.scenario, 1, (v) =>
            setTopics((x) => (v === undefined || v === t.scenario ? without(x, t.id) : { ...x, [t.id]: v })),
          ),
        ]}
      />
      <CapacityTable
        title="Supervisors' places"
        rows={s.supervisors.filter((x) => matches(x.name))}
        head={["Supervisor", "Real", "In the scenario"]}
        cells={(x) => [
          x.name,
          places(x.real),
          input(`Places of ${x.name} in the scenario`, supervisors[x.id] ?? x.scenario, 0, (v) =>
            setSupervisors((y) =>
              v === undefined || v === x.scenario ? without(y, x.id) : { ...y, [x.id]: v },
            ),
          ),
        ]}
      />
      <Group>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          variant="default"
          onClick={save}
          loading={edit.isPending}
          disabled={changed === 0}
        >
          Save capacities{changed ? ` (${changed})` : ""}
        </Button>
        <Text size="xs" c="dimmed">
          Saved into the scenario only; the real places change only when you make it the draft.
        </Text>
      </Group>
    </Stack>
  );
}
