import { ColumnsTable } from "@client/components/columns-table";
import { CardList } from "@client/components/list-parts";
import { useNarrow } from "@client/lib/use-narrow";
import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from "@mantine/core";
import type { Term } from "@shared/schemas/terms";
import type { ReactNode } from "react";
import { TermActions } from "./term-actions";
import { daysText, MODE_LABEL, momentText, placesText, windowLines } from "./term-format";

interface Column {
  key: string;
  label: string;
  render: (t: Term, zone: string) => ReactNode;
  center?: boolean;
  /** A whole card's width: moments are long. */
  wide?: boolean;
  minWidth?: number;
}

const CurrentBadge = () => (
  <Badge variant="light" color="teal" size="sm">
    Current
  </Badge>
);

const COLUMNS: Column[] = [
  { key: "mode", label: "Mode", render: (t) => MODE_LABEL[t.mode] },
  {
    key: "window",
    label: "Submissions",
    render: (t, zone) => windowLines(t, zone).map((line) => <Box key={line}>{line}</Box>),
    wide: true,
    minWidth: 200,
  },
  {
    key: "revisions",
    label: "Revisions close",
    render: (t, zone) => momentText(t.revisionsCloseAt, zone),
    wide: true,
    minWidth: 130,
  },
  { key: "due", label: "Review due", render: (t) => daysText(t.reviewDueDays) },
  {
    key: "approval",
    label: "Committee approval",
    render: (t) => (t.committeeApproval ? "Required" : "Not required"),
  },
  { key: "places", label: "Default places", render: (t) => placesText(t.defaultCapacity), center: true },
  {
    key: "proposals",
    label: "Proposals",
    render: (t) => t.proposalCount.toLocaleString("en"),
    center: true,
  },
];

interface Props {
  terms: Term[];
  timeZone: string;
  onEdit: (t: Term) => void;
  onPlaces: (t: Term) => void;
}

/** Every term, newest first: a table, or a card each on a narrow screen. */
export function TermsList(props: Props) {
  return useNarrow() ? <TermCards {...props} /> : <TermsTable {...props} />;
}

function TermsTable({ terms, timeZone, onEdit, onPlaces }: Props) {
  return (
    <Paper withBorder radius="md">
      <ColumnsTable
        minWidth={960}
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="sm"
        rows={terms}
        columns={[
          {
            key: "name",
            label: "Name",
            rowHeader: true,
            td: { fw: 600, miw: 140 },
            cell: (t) => (
              <Stack gap={4} align="flex-start">
                <span>{t.name}</span>
                {t.current && <CurrentBadge />}
              </Stack>
            ),
          },
          ...COLUMNS.map((c) => ({
            key: c.key,
            label: c.label,
            th: { ta: c.center ? ("center" as const) : undefined },
            td: { ta: c.center ? ("center" as const) : undefined, fz: "sm", miw: c.minWidth },
            cell: (t: Term) => c.render(t, timeZone),
          })),
          {
            key: "actions",
            label: <VisuallyHidden>Actions</VisuallyHidden>,
            cell: (t) => <TermActions term={t} onEdit={onEdit} onPlaces={onPlaces} />,
          },
        ]}
      />
    </Paper>
  );
}

function TermCards({ terms, timeZone, onEdit, onPlaces }: Props) {
  return (
    <CardList gap="sm" aria-label="Terms">
      {terms.map((t) => (
        <Paper component="li" key={t.id} withBorder radius="md" p="sm" aria-label={t.name}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="xs">
              <Text fw={700}>{t.name}</Text>
              {t.current && <CurrentBadge />}
            </Group>
            <TermActions term={t} onEdit={onEdit} onPlaces={onPlaces} />
          </Group>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt="xs">
            {COLUMNS.map((c) => (
              <Box key={c.key} style={c.wide ? { gridColumn: "1 / -1" } : undefined}>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  {c.label}
                </Text>
                <Text size="sm" component="div">
                  {c.render(t, timeZone)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </CardList>
  );
}
