import { EmptyState } from "@client/components/empty-state";
import { CardList } from "@client/components/list-parts";
import { useNarrow } from "@client/lib/use-narrow";
import { Badge, Group, Pagination, Paper, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import type { ImportResult, ImportRole, ImportRowStatus } from "@shared/schemas/accounts";
import { IconCheck } from "@tabler/icons-react";
import { useState } from "react";

const PAGE = 50;
const STATUS: Record<ImportRowStatus, { label: string; color: string }> = {
  new: { label: "New", color: "teal" },
  exists: { label: "Skipped", color: "gray" },
  error: { label: "Error", color: "red" },
};
type Filter = "all" | ImportRowStatus;

function StatusBadge({ status }: { status: ImportRowStatus }) {
  return (
    <Badge color={STATUS[status].color} variant="light" style={{ flexShrink: 0 }}>
      {STATUS[status].label}
    </Badge>
  );
}

/** Every row and its result, errors first when asked, a page of 50 at a time. */
export function ImportRows({ result, role, noun }: { result: ImportResult; role: ImportRole; noun: string }) {
  const [filter, setFilter] = useState<Filter>(result.counts.error ? "error" : "all");
  const [page, setPage] = useState(1);
  const narrow = useNarrow();
  const rows = filter === "all" ? result.rows : result.rows.filter((r) => r.status === filter);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const shown = rows.slice((page - 1) * PAGE, page * PAGE);
  const label = `Rows of the file of ${noun}`;
  return (
    <Stack>
      <SegmentedControl
        value={filter}
        onChange={(v) => {
          setFilter(v as Filter);
          setPage(1);
        }}
        data={[
          { value: "all", label: `All (${result.rows.length.toLocaleString("en")})` },
          { value: "error", label: `Errors (${result.counts.error.toLocaleString("en")})` },
          { value: "new", label: `New (${result.counts.new.toLocaleString("en")})` },
          { value: "exists", label: `Skipped (${result.counts.exists.toLocaleString("en")})` },
        ]}
        aria-label="Rows to show"
        orientation={narrow ? "vertical" : "horizontal"}
        fullWidth={narrow}
        w={narrow ? "100%" : "fit-content"}
      />
      {shown.length === 0 ? (
        <EmptyState framed={false} icon={IconCheck} title="No rows here" />
      ) : narrow ? (
        <CardList gap="xs" aria-label={label}>
          {shown.map((r) => (
            <Paper component="li" key={r.line} withBorder radius="md" p="sm" aria-label={`Line ${r.line}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600}>
                  {r.name || "—"}
                </Text>
                <StatusBadge status={r.status} />
              </Group>
              <Text size="sm" c="dimmed" style={{ wordBreak: "break-all" }}>
                Line {r.line} · {r.email}
                {role === "student" && r.studentId ? ` · ${r.studentId}` : ""}
              </Text>
              {r.message && <Text size="sm">{r.message}</Text>}
            </Paper>
          ))}
        </CardList>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>Line</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                {role === "student" && <Table.Th>Student ID</Table.Th>}
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={r.line}>
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  {role === "student" && <Table.Td>{r.studentId}</Table.Td>}
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <StatusBadge status={r.status} />
                      <Text size="sm">{r.message}</Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ "aria-label": `${control} page` })}
        />
      )}
    </Stack>
  );
}
