import { ColumnsTable } from "@client/components/columns-table";
import { CardList, Field } from "@client/components/list-parts";
import { useUser } from "@client/lib/auth";
import { useBackHere } from "@client/lib/back";
import { thesisPath } from "@client/lib/queries/theses";
import { Anchor, Box, Group, Paper, SimpleGrid, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ThesisDue, ThesisOverdueBadge, YourAssessmentBadge } from "./thesis-due";
import { ThesisStateBadge } from "./thesis-state-badge";

interface RowsProps {
  items: Thesis[];
  /** Name each thesis's term (when the list is of every term). */
  showTerm: boolean;
  busy: boolean;
  now: number;
}

const COLUMNS: { label: string; text: (t: Thesis, now: number) => ReactNode; maw?: number }[] = [
  { label: "Due", text: (t, now) => <ThesisDue thesis={t} now={now} />, maw: 260 },
  {
    label: "Members",
    text: (t) => t.members.map((m) => m.name || MSG.unknown).join(", ") || MSG.notAvailable,
    maw: 260,
  },
  { label: "Supervisor", text: (t) => t.supervisor?.name || MSG.notAvailable },
];

function TitleCell({ t, showTerm }: { t: Thesis; showTerm: boolean }) {
  const back = useBackHere();
  const user = useUser();
  return (
    <>
      <Anchor
        component={Link}
        to={thesisPath(user.role, t.id)}
        state={back}
        fw={600}
        size="sm"
        style={{ overflowWrap: "anywhere" }}
      >
        {t.title}
      </Anchor>
      {showTerm && (
        <Text size="xs" c="dimmed">
          {t.termName}
        </Text>
      )}
    </>
  );
}

function State({ t, now }: { t: Thesis; now: number }) {
  return (
    <Group gap={6} wrap="wrap">
      <ThesisStateBadge state={t.state} />
      <ThesisOverdueBadge thesis={t} now={now} />
      <YourAssessmentBadge thesis={t} now={now} />
    </Group>
  );
}

/** The theses as a table (desktop): title linked to its page, state, due date, members, supervisor. */
export function ThesisTable({ items, showTerm, busy, now }: RowsProps) {
  return (
    <ColumnsTable
      minWidth={900}
      verticalSpacing="sm"
      horizontalSpacing="md"
      striped
      highlightOnHover
      aria-busy={busy}
      aria-label="Theses"
      rows={items}
      columns={[
        {
          key: "title",
          label: "Title",
          td: { miw: 240, maw: 320 },
          cell: (t) => <TitleCell t={t} showTerm={showTerm} />,
        },
        { key: "state", label: "State", cell: (t) => <State t={t} now={now} /> },
        ...COLUMNS.map((c) => ({
          key: c.label,
          label: c.label,
          td: { maw: c.maw },
          cell: (t: Thesis) => (
            <Text size="sm" component="div">
              {c.text(t, now)}
            </Text>
          ),
        })),
      ]}
    />
  );
}

/** The same theses as cards (below md): nothing off screen. */
export function ThesisCards({ items, showTerm, busy, now }: RowsProps) {
  return (
    <CardList gap="sm" aria-label="Theses" aria-busy={busy}>
      {items.map((t) => (
        <Paper component="li" key={t.id} withBorder radius="md" p="sm" aria-label={t.title}>
          <TitleCell t={t} showTerm={showTerm} />
          <Box mt={6}>
            <State t={t} now={now} />
          </Box>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
            {COLUMNS.map((c) => (
              <Field key={c.label} label={c.label}>
                {c.text(t, now)}
              </Field>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </CardList>
  );
}
