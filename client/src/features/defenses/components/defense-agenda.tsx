import { ColumnsTable } from "@client/components/columns-table";
import { CardList } from "@client/components/list-parts";
import { useNarrow } from "@client/lib/use-narrow";
import { Paper } from "@mantine/core";
import type { DefenseListItem } from "@shared/schemas/defenses";
import { utcToWall } from "@shared/time";
import { DefenseCard, dayTitle, defenseHours, defensePeople, defensePlace, ThesisLink } from "./defense-card";

/** The list of defenses by start: a table on a wide screen, cards on a phone. */
export function DefenseAgenda({ items, zone }: { items: DefenseListItem[]; zone: string }) {
  const narrow = useNarrow();
  if (narrow)
    return (
      <CardList gap="xs" aria-label="Defenses">
        {items.map((d) => (
          <DefenseCard key={d.id} d={d} zone={zone} withDay withPeople />
        ))}
      </CardList>
    );
  return (
    <Paper withBorder radius="md">
      <ColumnsTable
        minWidth={720}
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="md"
        aria-label="Defenses"
        rows={items}
        columns={[
          {
            key: "when",
            label: `When (${zone})`,
            td: { miw: 170 },
            cell: (d) => (
              <>
                {dayTitle(utcToWall(d.startsAt, zone).slice(0, 10))}
                <br />
                {defenseHours(d, zone)}
              </>
            ),
          },
          { key: "thesis", label: "Thesis", rowHeader: true, cell: (d) => <ThesisLink d={d} /> },
          { key: "where", label: "Where", cell: (d) => `${defensePlace(d)}${d.public ? "" : " (closed)"}` },
          { key: "people", label: "People", td: { maw: 320, fz: "sm" }, cell: (d) => defensePeople(d) },
        ]}
      />
    </Paper>
  );
}
