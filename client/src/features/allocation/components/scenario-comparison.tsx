import { CardList } from "@client/components/list-parts";
import { useNarrow } from "@client/lib/use-narrow";
import { ordinal } from "@client/lib/words";
import { Box, Pagination, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { Scenario } from "@shared/schemas/scenarios";
import { type ReactNode, useState } from "react";
import { groupName } from "./model";

type Comparison = NonNullable<Scenario["comparison"]>;
const PAGE = 10;

/**
 * A comparison's table in a box that scrolls sideways on a phone, reachable by keyboard: the head
 * row, then each row's cells under it (`right`: every column after the first to the right).
 */
function CompareTable<T>({
  label,
  miw,
  head,
  right = false,
  rows,
  rowKey,
  cells,
}: {
  label: string;
  miw: number;
  head: string[];
  right?: boolean;
  rows: T[];
  rowKey: (row: T) => string;
  cells: (row: T) => ReactNode[];
}) {
  const ta = (i: number) => (right && i > 0 ? "right" : undefined);
  return (
    <Box style={{ overflowX: "auto" }} tabIndex={0} aria-label={`${label}, scrollable`}>
      <Table verticalSpacing={4} miw={miw}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={h} ta={ta(i)}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {cells(row).map((cell, i) => (
                <Table.Td key={head[i]} ta={ta(i)}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : n === 0 ? "0" : `${n}`);

/** The figures side by side: matched, unmatched, and each choice of the rank profile. */
function Figures({ c }: { c: Comparison }) {
  const ranks = Math.max(c.draft.byRank.length, c.scenario.byRank.length);
  const rows: [string, number, number][] = [
    ["Matched", c.draft.matched, c.scenario.matched],
    ...Array.from(
      { length: ranks },
      (_, i) =>
        [`${ordinal(i + 1)} choice`, c.draft.byRank[i] ?? 0, c.scenario.byRank[i] ?? 0] as [
          string,
          number,
          number,
        ],
    ),
    ["Unmatched", c.draft.unmatched, c.scenario.unmatched],
  ];
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "xs", sm: "md" }}
      component="section"
      aria-labelledby="scenario-figures-title"
    >
      <Title order={3} fz="md" mb="xs" id="scenario-figures-title">
        The draft and the scenario
      </Title>
      <Table verticalSpacing={4} horizontalSpacing="xs" aria-labelledby="scenario-figures-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Groups</Table.Th>
            <Table.Th ta="right">Draft</Table.Th>
            <Table.Th ta="right">Scenario</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([label, a, b]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              <Table.Td ta="right">{a.toLocaleString("en")}</Table.Td>
              <Table.Td ta="right">{b.toLocaleString("en")}</Table.Td>
              <Table.Td ta="right">{signed(b - a)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Each supervisor whose load or places differ: groups the draft and the scenario give them, of their places. */
function Load({ c }: { c: Comparison }) {
  const narrow = useNarrow();
  const scenario = new Map(c.scenario.load.map((l) => [l.supervisorId, l]));
  const places = (n: number | null) => (n === null ? "no limit" : n.toLocaleString("en"));
  const rows = c.draft.load
    .map((d) => ({ d, s: scenario.get(d.supervisorId) ?? d }))
    .filter(({ d, s }) => d.assigned !== s.assigned || d.capacity !== s.capacity);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="scenario-load-title">
      <Title order={3} fz="md" mb="xs" id="scenario-load-title">
        Supervisors whose load changes ({rows.length})
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">Every supervisor has the same load and places in both.</Text>
      ) : narrow ? (
        <CardList gap="xs" aria-label="Supervisors whose load changes">
          {rows.map(({ d, s }) => (
            <Paper component="li" key={d.supervisorId} withBorder radius="md" p="xs">
              <Text size="sm" fw={600}>
                {d.name}
              </Text>
              <Text size="sm">
                Draft {d.assigned} of {places(d.capacity === null ? null : d.capacity - d.used)} · Scenario{" "}
                {s.assigned} of {places(s.capacity === null ? null : s.capacity - s.used)}
              </Text>
            </Paper>
          ))}
        </CardList>
      ) : (
        <CompareTable
          label="Supervisors whose load changes"
          miw={320}
          head={["Supervisor", "Draft", "Scenario"]}
          right
          rows={rows}
          rowKey={({ d }) => d.supervisorId}
          cells={({ d, s }) => [
            d.name,
            <>
              {d.assigned} of {places(d.capacity === null ? null : d.capacity - d.used)}
            </>,
            <>
              {s.assigned} of {places(s.capacity === null ? null : s.capacity - s.used)}
            </>,
          ]}
        />
      )}
    </Paper>
  );
}

/** Every group whose result changes, and how: its topic (and the choice it was) in the draft and in the scenario. */
function Changes({ c, topics }: { c: Comparison; topics: Map<string, string> }) {
  const narrow = useNarrow();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(c.changes.length / PAGE));
  const at = Math.min(page, pages);
  const where = (p: { topicId: string | null; rank: number | null }) =>
    p.topicId === null
      ? "Unmatched"
      : `“${topics.get(p.topicId) ?? "A withdrawn topic"}”, ${p.rank ? `${ordinal(p.rank)} choice` : "off their list"}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="scenario-changes-title">
      <Title order={3} fz="md" mb="xs" id="scenario-changes-title">
        Groups whose result changes ({c.changes.length.toLocaleString("en")})
      </Title>
      {c.changes.length === 0 ? (
        <Text size="sm">Every group gets the same topic as in the draft.</Text>
      ) : (
        <Stack gap="xs">
          {narrow ? (
            <CardList gap="xs" aria-label="Groups whose result changes">
              {c.changes.slice((at - 1) * PAGE, at * PAGE).map((g) => (
                <Paper component="li" key={g.proposalId} withBorder radius="md" p="xs">
                  <Text size="sm" fw={600}>
                    {groupName(g)}
                  </Text>
                  <Text size="sm">Draft: {where(g.draft)}</Text>
                  <Text size="sm">Scenario: {where(g.scenario)}</Text>
                </Paper>
              ))}
            </CardList>
          ) : (
            <CompareTable
              label="Groups whose result changes"
              miw={520}
              head={["Group", "In the draft", "In the scenario"]}
              rows={c.changes.slice((at - 1) * PAGE, at * PAGE)}
              rowKey={(g) => g.proposalId}
              cells={(g) => [groupName(g), where(g.draft), where(g.scenario)]}
            />
          )}
          {pages > 1 && (
            <Pagination
              size="sm"
              total={pages}
              value={at}
              onChange={setPage}
              getControlProps={(control) => ({ "aria-label": `Changed groups: ${control} page` })}
              getItemProps={(p) => ({ "aria-label": `Changed groups: page ${p}` })}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** The scenario's run beside the draft (DESIGN.md §20). */
export function ScenarioComparison({ scenario: s }: { scenario: Scenario }) {
  const c = s.comparison;
  if (!c) return null;
  const topics = new Map(s.topics.map((t) => [t.id, t.title]));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Figures c={c} />
        <Load c={c} />
      </SimpleGrid>
      <Changes c={c} topics={topics} />
    </Stack>
  );
}
