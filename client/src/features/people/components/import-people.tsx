import { errorMessage } from "@client/lib/api";
import { Alert, Button, Code, FileInput, Group, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { IMPORT_HEADERS, type ImportResult, type ImportRole } from "@shared/schemas/accounts";
import { IconFileSearch, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useImportPeople } from "../api/use-import-people";
import { ImportCheck, ImportDone, ImportProgressLine } from "./import-results";

const EXAMPLE: Record<ImportRole, string> = {
  student: "name,email,studentId\nAna María López,ana.lopez@uni.edu,2027-CS-014",
  supervisor: "name,email\nDr. Kwame Osei,k.osei@uni.edu",
};

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
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

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
          <ImportProgressLine progress={run.progress} importing={!!checked} />
          {error && (
            <Alert color="red" title="The file was not imported" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </Paper>

      {done ? (
        <ImportDone done={done} role={role} />
      ) : (
        checked && (
          <ImportCheck checked={checked} role={role} onImport={() => send(false)} busy={run.isPending} />
        )
      )}
    </Stack>
  );
}
