import { EmptyState } from "@client/components/empty-state";
import { CardList } from "@client/components/list-parts";
import { QueryError } from "@client/components/load-error";
import { useNarrow } from "@client/lib/use-narrow";
import { Badge, Box, Group, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import type { SupervisorLoad, Term } from "@shared/schemas/terms";
import { IconUserOff } from "@tabler/icons-react";
import type { ReactNode, Ref } from "react";
import { useTermLoad } from "../api/use-terms";
import { CapacityEditor } from "./capacity-editor";
import { LoadChart } from "./load-chart";
import { placesText } from "./term-format";

/** Places in use, and how many of them are reviews past due. */
function UsedText({ row }: { row: SupervisorLoad }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{row.used}</Text>
      {row.overdue > 0 && (
        <Badge variant="light" color="red" size="sm" tt="none">
          {row.overdue} overdue
        </Badge>
      )}
    </Group>
  );
}

/** The capacity in force and where it comes from: the supervisor's own, or the term's default. */
function CapacityText({ row }: { row: SupervisorLoad }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{placesText(row.capacity)}</Text>
      <Badge variant="light" color={row.override ? "indigo" : "gray"} size="sm" tt="none">
        {row.override ? "own" : "term default"}
      </Badge>
    </Group>
  );
}

/** A supervisor's figures, between their name and the capacity editor, in the table and on the cards. */
const COLUMNS = [
  { label: "Used", Value: UsedText },
  { label: "Capacity", Value: CapacityText },
];

/**
 * One term's places: each supervisor's load as a chart and a table, where each capacity can be
 * set or handed back to the term's default. Its heading takes the focus when a term's Places is
 * chosen, so keyboard and screen-reader users land on it.
 */
export function PlacesPanel({ term, headingRef }: { term: Term; headingRef?: Ref<HTMLHeadingElement> }) {
  const load = useTermLoad(term.id);
  const narrow = useNarrow();
  const titleId = `places-title-${term.id}`;
  const items = load.data?.items ?? [];

  let body: ReactNode;
  if (load.isError && !load.data) {
    body = <QueryError title="The places could not be loaded." query={load} />;
  } else if (load.isPending) {
    body = <Skeleton height={160} radius="md" aria-hidden />;
  } else if (!items.length) {
    body = (
      <EmptyState
        icon={IconUserOff}
        title="No supervisors yet."
        description="Add teachers in All Teachers; their places in this term show here."
        framed={false}
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <LoadChart items={items} titleId={titleId} />
        {narrow ? <LoadCards term={term} items={items} /> : <LoadTable term={term} items={items} />}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} ref={headingRef} tabIndex={-1} style={{ outline: "none" }}>
        Places in {term.name}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Default: {term.defaultCapacity === null ? "unlimited" : `${term.defaultCapacity} per supervisor`}. A
        proposal holds its supervisor's place from submission until it is Denied or Withdrawn; a lower
        capacity only stops new submissions.
      </Text>
      {body}
    </Paper>
  );
}

function LoadTable({ term, items }: { term: Term; items: SupervisorLoad[] }) {
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped verticalSpacing="sm" horizontalSpacing="md" aria-label={`Places in ${term.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Supervisor</Table.Th>
            {COLUMNS.map(({ label }) => (
              <Table.Th key={label}>{label}</Table.Th>
            ))}
            <Table.Th>Set places</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((s) => (
            <Table.Tr key={s.supervisorId}>
              <Table.Th scope="row" fw={500}>
                {s.name}
              </Table.Th>
              {COLUMNS.map(({ label, Value }) => (
                <Table.Td key={label}>
                  <Value row={s} />
                </Table.Td>
              ))}
              <Table.Td>
                <CapacityEditor key={`${s.capacity}-${s.override}`} termId={term.id} row={s} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LoadCards({ term, items }: { term: Term; items: SupervisorLoad[] }) {
  return (
    <CardList gap="sm" aria-label={`Places in ${term.name}`}>
      {items.map((s) => (
        <Paper component="li" key={s.supervisorId} withBorder radius="md" p="sm" aria-label={s.name}>
          <Text fw={600}>{s.name}</Text>
          <Group gap="lg" my="xs">
            {COLUMNS.map(({ label, Value }) => (
              <Box key={label}>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  {label}
                </Text>
                <Value row={s} />
              </Box>
            ))}
          </Group>
          <CapacityEditor key={`${s.capacity}-${s.override}`} termId={term.id} row={s} />
        </Paper>
      ))}
    </CardList>
  );
}
