import { FigureText } from "@client/components/figure";
import { CardList } from "@client/components/list-parts";
import "@mantine/charts/styles.css";
import { formatInZone } from "@client/lib/dates";
import { useNarrow } from "@client/lib/use-narrow";
import { ordinal } from "@client/lib/words";
import { BarChart } from "@mantine/charts";
import { Box, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { Allocation } from "@shared/schemas/allocation";

type Draft = NonNullable<Allocation["draft"]>;

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={`${label}: ${value}`}>
      <FigureText label={label} value={value} />
    </Paper>
  );
}

/** The draft in figures: groups, matched, unmatched; the run's seed, when and by whom. */
export function DraftFigures({ draft, groups, zone }: { draft: Draft; groups: number; zone: string }) {
  const matched = draft.assignments.filter((a) => a.topicId !== null).length;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Groups" value={groups} />
        <Figure label="Matched" value={matched} />
        <Figure label="Unmatched" value={draft.assignments.length - matched} />
        <Figure label="Blocking pairs" value={draft.blockingPairs.length} />
      </SimpleGrid>
      <Text size="sm">
        Run {formatInZone(draft.madeAt, zone)}
        {draft.madeBy ? ` by ${draft.madeBy.name}` : ""}
        {draft.moved ? ", then changed by hand" : ""}. Seed of the lot: <Code>{draft.seed}</Code>
      </Text>
    </Stack>
  );
}

/** How many groups got their 1st, 2nd, … choice: a bar chart, and the same in words beneath it. */
export function ChoiceChart({
  byRank,
  unmatched,
  offList,
}: {
  byRank: number[];
  unmatched: number;
  /** Groups moved by hand to a topic they did not list. */
  offList: number;
}) {
  const data = [
    ...byRank.map((n, i) => ({ choice: `${ordinal(i + 1)} choice`, Groups: n })),
    ...(offList ? [{ choice: "Off their list", Groups: offList }] : []),
    ...(unmatched ? [{ choice: "Unmatched", Groups: unmatched }] : []),
  ];
  const longest = Math.max(0, ...data.map((d) => d.Groups));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="choice-chart-title">
      <Title order={2} fz="lg" mb="sm" id="choice-chart-title">
        Choices the groups got
      </Title>
      {data.length === 0 ? (
        <Text size="sm">No groups in this draft.</Text>
      ) : (
        <>
          <BarChart
            aria-labelledby="choice-chart-title"
            h={Math.max(180, data.length * 40 + 50)}
            data={data}
            dataKey="choice"
            orientation="vertical"
            series={[{ name: "Groups", color: "indigo.6" }]}
            yAxisProps={{ width: 110 }}
            xAxisProps={{ allowDecimals: false, tickCount: Math.min(5, longest + 1) }}
            gridAxis="x"
            maxBarWidth={26}
          />
          <Group component="ul" gap="md" m={0} mt="xs" p={0} style={{ listStyle: "none" }}>
            {data.map((d) => (
              <Text component="li" key={d.choice} size="sm">
                {d.choice}: <b>{d.Groups.toLocaleString("en")}</b>
              </Text>
            ))}
          </Group>
        </>
      )}
    </Paper>
  );
}

/** Each supervisor's load: groups held already, groups the draft gives them, and their places. */
export function LoadTable({ load, published }: { load: Allocation["load"]; published: boolean }) {
  const narrow = useNarrow();
  const places = (c: number | null) => (c === null ? "No limit" : c.toLocaleString("en"));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="load-title">
      <Title order={2} fz="lg" mb="sm" id="load-title">
        Supervisors' load
      </Title>
      {load.length === 0 ? (
        <Text size="sm">No supervisor offers topics in this term yet.</Text>
      ) : narrow ? (
        <CardList gap="xs" aria-label="Supervisors' load">
          {load.map((l) => (
            <Paper component="li" key={l.supervisorId} withBorder radius="md" p="sm">
              <Text size="sm" fw={600}>
                {l.name}
              </Text>
              <Text size="sm">
                Held {l.used}
                {published ? "" : ` · From the draft ${l.assigned}`} · Places {places(l.capacity)}
              </Text>
            </Paper>
          ))}
        </CardList>
      ) : (
        <Box
          style={{ maxHeight: 420, overflowY: "auto" }}
          tabIndex={0}
          aria-label="Supervisors' load, scrollable"
        >
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Supervisor</Table.Th>
                <Table.Th ta="right">Held</Table.Th>
                {!published && <Table.Th ta="right">From the draft</Table.Th>}
                <Table.Th ta="right">Places</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {load.map((l) => (
                <Table.Tr key={l.supervisorId}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td ta="right">{l.used}</Table.Td>
                  {!published && <Table.Td ta="right">{l.assigned}</Table.Td>}
                  <Table.Td ta="right">{places(l.capacity)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
