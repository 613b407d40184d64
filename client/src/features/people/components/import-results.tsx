import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { ImportResult, ImportRole } from "@shared/schemas/accounts";
import { IconCheck, IconFileImport } from "@tabler/icons-react";
import { Link } from "react-router";
import type { ImportProgress } from "../api/use-import-people";
import { ImportRows } from "./import-rows";

const NOUN: Record<ImportRole, string> = { student: "students", supervisor: "teachers" };
const LIST: Record<ImportRole, string> = {
  student: "/committee/all-students",
  supervisor: "/committee/all-teachers",
};

/** Where the file is: being sent (with the share sent), then the server checking or importing it. */
export function ImportProgressLine({
  progress,
  importing,
}: {
  progress: ImportProgress;
  importing: boolean;
}) {
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

/** What the check found: the counts, "Import N people" when nothing is wrong, and every row. */
export function ImportCheck({
  checked,
  role,
  onImport,
  busy,
}: {
  checked: ImportResult;
  role: ImportRole;
  onImport: () => void;
  busy: boolean;
}) {
  const { counts } = checked;
  const canImport = counts.error === 0 && counts.new > 0;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs" aria-label="What the check found" role="group">
            <Badge color="teal" variant="light" size="lg">
              {counts.new.toLocaleString("en")} new
            </Badge>
            <Badge color="gray" variant="light" size="lg">
              {counts.exists.toLocaleString("en")} skipped
            </Badge>
            <Badge color="red" variant="light" size="lg">
              {counts.error.toLocaleString("en")} {counts.error === 1 ? "error" : "errors"}
            </Badge>
          </Group>
          <Button
            onClick={onImport}
            disabled={!canImport || busy}
            loading={busy}
            leftSection={<IconFileImport size={16} />}
          >
            {counts.new
              ? `Import ${counts.new.toLocaleString("en")} ${counts.new === 1 ? "person" : "people"}`
              : "Import"}
          </Button>
        </Group>
        {counts.error > 0 && (
          <Alert color="red" variant="light">
            {MSG.importCheckHasErrors(counts.error)}
          </Alert>
        )}
        {counts.error === 0 && counts.new === 0 && (
          <Alert color="gray" variant="light">
            {MSG.importNothingNew}
          </Alert>
        )}
        <ImportRows result={checked} role={role} noun={NOUN[role]} />
      </Stack>
    </Paper>
  );
}

/** The import's outcome, and the way to the list the people joined. */
export function ImportDone({ done, role }: { done: ImportResult; role: ImportRole }) {
  return (
    <Alert color="teal" icon={<IconCheck size={18} />} title="Import finished" role="status">
      <Stack gap="xs">
        <Text size="sm">
          {done.counts.new ? MSG.imported(done.counts.new) : MSG.importNothingNew}
          {done.counts.exists ? ` ${MSG.importSkipped(done.counts.exists)}` : ""}
        </Text>
        <Group>
          <Button component={Link} to={LIST[role]} size="xs" variant="light">
            Open All {role === "student" ? "Students" : "Teachers"}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
