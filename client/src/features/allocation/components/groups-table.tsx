import { EmptyState } from "@client/components/empty-state";
import { CardList, ListFooter } from "@client/components/list-parts";
import { RowButton } from "@client/components/row-button";
import { useNarrow } from "@client/lib/use-narrow";
import { ordinal } from "@client/lib/words";
import { Group, Paper, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { LIMITS } from "@shared/limits";
import { IconArrowsExchange, IconMapPin, IconSearch, IconUsersGroup } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { type GroupRow, type Model, topicTitle } from "./model";

const PAGE_SIZE = 25;

type Filter = "all" | "matched" | "unmatched" | "offList" | "blocking";

const choiceWords = (r: GroupRow) =>
  r.topicId === null ? "Unmatched" : r.rank === null ? "Off their list" : `${ordinal(r.rank)} choice`;

/**
 * Every group of the draft, searched and paged here (the draft is one document; only a page of
 * rows is drawn, so thousands stay quick): its topic, the choice it got, and the action of the
 * moment: Move (in the draft, before publication) or Place (a group left unmatched, after).
 */
export function GroupsTable({
  model,
  published,
  blocking,
  onMove,
  onPlace,
}: {
  model: Model;
  published: boolean;
  /** Groups in a blocking pair of the draft. */
  blocking: Set<string>;
  onMove: (row: GroupRow) => void;
  onPlace: (row: GroupRow) => void;
}) {
  const narrow = useNarrow();
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim().toLowerCase(), 200);
  const [filter, setFilter] = useState<Filter>(published ? "unmatched" : "all");
  const [page, setPage] = useState(1);

  const rows = useMemo(
    () =>
      model.rows.filter(
        (r) =>
          (!q ||
            r.name.toLowerCase().includes(q) ||
            topicTitle(model, r.topicId).toLowerCase().includes(q)) &&
          (filter === "all" ||
            (filter === "matched" && r.topicId !== null) ||
            (filter === "unmatched" && (published ? r.waiting : r.topicId === null)) ||
            (filter === "offList" && r.topicId !== null && r.rank === null) ||
            (filter === "blocking" && blocking.has(r.proposalId))),
      ),
    [model, q, filter, published, blocking],
  );
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const at = Math.min(page, pages);
  const shown = rows.slice((at - 1) * PAGE_SIZE, at * PAGE_SIZE);

  const action = (r: GroupRow) =>
    published ? (
      r.waiting && <RowButton label="Place" of={r.name} icon={IconMapPin} onClick={() => onPlace(r)} />
    ) : (
      <RowButton
        label="Move"
        of={r.name}
        icon={IconArrowsExchange}
        variant="default"
        onClick={() => onMove(r)}
      />
    );
  const topicCell = (r: GroupRow) => {
    const t = r.topicId ? model.topics.get(r.topicId) : undefined;
    return r.topicId ? `${topicTitle(model, r.topicId)}${t ? ` — ${t.supervisor}` : ""}` : "—";
  };

  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="groups-title">
      <Stack gap="sm" p="md">
        <Title order={2} fz="lg" id="groups-title">
          Groups
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Search groups"
            placeholder="Group or topic title"
            leftSection={<IconSearch size={16} />}
            value={search}
            maxLength={LIMITS.searchMax}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: "100%", sm: 300 }}
          />
          <Select
            label="Show"
            data={[
              { value: "all", label: "All groups" },
              { value: "matched", label: "Matched" },
              { value: "unmatched", label: published ? "Left to place by hand" : "Unmatched" },
              { value: "offList", label: "Placed off their list" },
              { value: "blocking", label: "In a blocking pair" },
            ]}
            value={filter}
            allowDeselect={false}
            onChange={(v) => {
              setFilter((v ?? "all") as Filter);
              setPage(1);
            }}
            w={{ base: "100%", sm: 240 }}
          />
        </Group>
      </Stack>
      {rows.length === 0 ? (
        <EmptyState
          framed={false}
          icon={IconUsersGroup}
          title={
            q
              ? `No groups match “${search.trim()}”.`
              : filter === "unmatched"
                ? published
                  ? "No group is left to place by hand."
                  : "Every group has a topic in this draft."
                : "No groups to show."
          }
        />
      ) : narrow ? (
        <CardList gap="sm" px="md" pb="md" aria-label="Groups">
          {shown.map((r) => (
            <Paper component="li" key={r.proposalId} withBorder radius="md" p="sm" aria-label={r.name}>
              <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                {r.name}
              </Text>
              <Text size="sm">{topicCell(r)}</Text>
              <Group justify="space-between" mt={4}>
                <Text size="sm" c="dimmed">
                  {choiceWords(r)}
                </Text>
                {action(r)}
              </Group>
            </Paper>
          ))}
        </CardList>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Group</Table.Th>
                <Table.Th>Topic</Table.Th>
                <Table.Th>Choice</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Action</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={r.proposalId}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{r.name}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{topicCell(r)}</Table.Td>
                  <Table.Td>{choiceWords(r)}</Table.Td>
                  <Table.Td ta="right">{action(r)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.length > 0 && (
        <ListFooter
          plain
          p="md"
          status={
            <>
              Showing {((at - 1) * PAGE_SIZE + 1).toLocaleString("en")}–
              {Math.min(rows.length, at * PAGE_SIZE).toLocaleString("en")} of{" "}
              {rows.length.toLocaleString("en")} groups
            </>
          }
          page={at}
          pages={pages}
          onPage={setPage}
        />
      )}
    </Paper>
  );
}
