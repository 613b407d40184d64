import { RowsCards, RowsTable, type TextColumn, TitleLink } from "@client/components/record-rows";
import { useUser } from "@client/lib/auth";
import { thesisPath } from "@client/lib/queries/theses";
import { Group, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import { ThesisDue, ThesisOverdueBadge, YourAssessmentBadge } from "./thesis-due";
import { ThesisStateBadge } from "./thesis-state-badge";

interface RowsProps {
  items: Thesis[];
  /** Name each thesis's term (when the list is of every term). */
  showTerm: boolean;
  busy: boolean;
  now: number;
}

const columns = (now: number): TextColumn<Thesis>[] => [
  { label: "Due", text: (t) => <ThesisDue thesis={t} now={now} />, maw: 260 },
  {
    label: "Members",
    text: (t) => t.members.map((m) => m.name || MSG.unknown).join(", ") || MSG.notAvailable,
    maw: 260,
  },
  { label: "Supervisor", text: (t) => t.supervisor?.name || MSG.notAvailable },
];

function TitleCell({ t, showTerm }: { t: Thesis; showTerm: boolean }) {
  const user = useUser();
  return (
    <>
      <TitleLink to={thesisPath(user.role, t.id)}>{t.title}</TitleLink>
      {showTerm && (
        <Text size="xs" c="dimmed">
          {t.termName}
        </Text>
      )}
    </>
  );
}

const rows = ({ items, showTerm, busy, now }: RowsProps) => ({
  items,
  busy,
  name: "Theses",
  rowName: (t: Thesis) => t.title,
  title: (t: Thesis) => <TitleCell t={t} showTerm={showTerm} />,
  status: {
    key: "state",
    label: "State",
    cell: (t: Thesis) => (
      <Group gap={6} wrap="wrap">
        <ThesisStateBadge state={t.state} />
        <ThesisOverdueBadge thesis={t} now={now} />
        <YourAssessmentBadge thesis={t} now={now} />
      </Group>
    ),
  },
  columns: columns(now),
});

/** The theses as a table (desktop): title linked to its page, state, due date, members, supervisor. */
export const ThesisTable = (props: RowsProps) => <RowsTable minWidth={900} blockText {...rows(props)} />;

/** The same theses as cards (below md): nothing off screen. */
export const ThesisCards = (props: RowsProps) => <RowsCards {...rows(props)} />;
