import { EmptyState } from "@client/components/empty-state";
import { isApiError } from "@client/lib/api";
import { useNarrow } from "@client/lib/use-narrow";
import {
  Alert,
  Badge,
  Button,
  Code,
  FileInput,
  Group,
  Pagination,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import {
  IMPORT_HEADERS,
  type ImportResult,
  type ImportRole,
  type ImportRowStatus,
} from "@shared/schemas/accounts";
import { IconCheck, IconFileImport, IconFileSearch, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { type ImportProgress, useImportPeople } from "../api/use-import-people";

const PAGE = 50;
const NOUN: Record<ImportRole, string> = { student: "students", supervisor: "teachers" };
const LIST: Record<ImportRole, string> = {
  student: "/committee/all-students",
  supervisor: "/committee/all-teachers",
};
const EXAMPLE: Record<ImportRole, string> = {
  student: "name,email,studentId\nAna María López,ana.lopez@uni.edu,2027-CS-014",
  supervisor: "name,email\nDr. Kwame Osei,k.osei@uni.edu",
};
const STATUS: Record<ImportRowStatus, { label: string; color: string }> = {
  new: { label: "New", color: "teal" },
  exists: { label: "Skipped", color: "gray" },
  error: { label: "Error", color: "red" },
};
type Filter = "all" | ImportRowStatus;

/**
 * The committee's import (DESIGN.md §12): choose a CSV, check it (a dry run: every row and what
 * will happen to it, errors first to find), then import every new row at once. The file is sent
 * with its progress shown; a large one then shows the server at work.
 */
export function ImportPeople({
  userRole: role,
  onRoleChange,
}: {
  userRole: ImportRole;
  onRoleChange: (r: ImportRole) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useImportPeople();

  const reset = () => {
    setChecked(null);
    setDone(null);
    setError(null);
  };
  const send = (dryRun: boolean) => {
    if (!file) return setError(MSG.importFileMissing);
    setError(null);
    run.mutate(
      { role, dryRun, file },
      {
        onSuccess: (result) => (dryRun ? setChecked(result) : setDone(result)),
        onError: (e) => setError(isApiError(e) ? e.message : "Something went wrong. Please try again."),
      },
    );
  };

  const canImport = !!checked && checked.counts.error === 0 && checked.counts.new > 0;
  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder radius="md" p="md">
        <Stack>
          <SegmentedControl
            value={role}
            onChange={(v) => {
              onRoleChange(v as ImportRole);
              reset();
            }}
            data={[
              { value: "student", label: "Students" },
              { value: "supervisor", label: "Teachers" },
            ]}
            aria-label="What the file holds"
            w={{ base: "100%", sm: 280 }}
          />
          <Text size="sm">
            A CSV file whose first line is <Code>{IMPORT_HEADERS[role].join(",")}</Code>, then one person a
            line, at most {LIMITS.importRowsMax.toLocaleString("en")}. For example:
          </Text>
          <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
            {EXAMPLE[role]}
          </Code>
          <Text size="sm" c="dimmed">
            Each new person gets an email with a link to choose their password, valid for 7 days (you can send
            another from the list). People who already have an account are skipped.
          </Text>
          <Group align="flex-end" wrap="wrap">
            <FileInput
              label="CSV file"
              placeholder="Choose a file"
              accept=".csv,text/csv"
              value={file}
              onChange={(f) => {
                setFile(f);
                reset();
              }}
              leftSection={<IconUpload size={16} />}
              clearable
              clearButtonProps={{ "aria-label": "Clear the chosen file" }}
              w={{ base: "100%", sm: 360 }}
            />
            <Button
              variant="default"
              onClick={() => send(true)}
              loading={run.isPending && !checked}
              disabled={!file || run.isPending}
              leftSection={<IconFileSearch size={16} />}
            >
              Check file
            </Button>
          </Group>
          <ProgressLine progress={run.progress} importing={!!checked} />
          {error && (
            <Alert color="red" title="The file was not imported" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </Paper>

      {done ? (
        <Alert color="teal" icon={<IconCheck size={18} />} title="Import finished" role="status">
          <Stack gap="xs">
            <Text size="sm">
              {done.counts.new ? MSG.imported(done.counts.new) : MSG.importNothingNew}
              {done.counts.exists
                ? ` ${done.counts.exists.toLocaleString("en")} already had an account and were skipped.`
                : ""}
            </Text>
            <Group>
              <Button component={Link} to={LIST[role]} size="xs" variant="light">
                Open All {role === "student" ? "Students" : "Teachers"}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        checked && (
          <Paper withBorder radius="md" p="md">
            <Stack>
              <Group justify="space-between" wrap="wrap">
                <Group gap="xs" aria-label="What the check found" role="group">
                  <Badge color="teal" variant="light" size="lg">
                    {checked.counts.new.toLocaleString("en")} new
                  </Badge>
                  <Badge color="gray" variant="light" size="lg">
                    {checked.counts.exists.toLocaleString("en")} skipped
                  </Badge>
                  <Badge color="red" variant="light" size="lg">
                    {checked.counts.error.toLocaleString("en")}{" "}
                    {checked.counts.error === 1 ? "error" : "errors"}
                  </Badge>
                </Group>
                <Button
                  onClick={() => send(false)}
                  disabled={!canImport || run.isPending}
                  loading={run.isPending}
                  leftSection={<IconFileImport size={16} />}
                >
                  {checked.counts.new
                    ? `Import ${checked.counts.new.toLocaleString("en")} ${checked.counts.new === 1 ? "person" : "people"}`
                    : "Import"}
                </Button>
              </Group>
              {checked.counts.error > 0 && (
                <Alert color="red" variant="light">
                  {MSG.importCheckHasErrors(checked.counts.error)}
                </Alert>
              )}
              {checked.counts.error === 0 && checked.counts.new === 0 && (
                <Alert color="gray" variant="light">
                  {MSG.importNothingNew}
                </Alert>
              )}
              <RowsTable result={checked} role={role} noun={NOUN[role]} />
            </Stack>
          </Paper>
        )
      )}
    </Stack>
  );
}

function ProgressLine({ progress, importing }: { progress: ImportProgress; importing: boolean }) {
  if (!progress) return null;
  const uploading = progress.phase === "uploading";
  const percent = uploading ? Math.round(progress.fraction * 100) : 100;
  const label = uploading
    ? `Sending the file: ${percent}%`
    : importing
      ? "Creating the accounts and their emails…"
      : "Checking every row…";
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {label}
      </Text>
      <Progress value={percent} animated={!uploading} striped={!uploading} aria-label={label} size="lg" />
    </Stack>
  );
}

/** Every row and its result, errors first when asked, a page of 50 at a time. */
function RowsTable({ result, role, noun }: { result: ImportResult; role: ImportRole; noun: string }) {
  const [filter, setFilter] = useState<Filter>(result.counts.error ? "error" : "all");
  const [page, setPage] = useState(1);
  const narrow = useNarrow();
  const rows = filter === "all" ? result.rows : result.rows.filter((r) => r.status === filter);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const shown = rows.slice((page - 1) * PAGE, page * PAGE);
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
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: "none" }}
          aria-label={`Rows of the file of ${noun}`}
        >
          {shown.map((r) => (
            <Paper component="li" key={r.line} withBorder radius="md" p="sm" aria-label={`Line ${r.line}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600}>
                  {r.name || "—"}
                </Text>
                <Badge color={STATUS[r.status].color} variant="light" style={{ flexShrink: 0 }}>
                  {STATUS[r.status].label}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" style={{ wordBreak: "break-all" }}>
                Line {r.line} · {r.email}
                {role === "student" && r.studentId ? ` · ${r.studentId}` : ""}
              </Text>
              {r.message && <Text size="sm">{r.message}</Text>}
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label={`Rows of the file of ${noun}`}>
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
                      <Badge color={STATUS[r.status].color} variant="light" style={{ flexShrink: 0 }}>
                        {STATUS[r.status].label}
                      </Badge>
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
