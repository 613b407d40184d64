import { DownloadButton } from "@client/components/download-button";
import { errorMessage } from "@client/lib/api";
import { Alert, Button, Code, FileInput, Group, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { IMPORT_HEADERS, type ImportResult, type ImportRole } from "@shared/schemas/accounts";
import { IconFileSearch, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useImportPeople } from "../api/use-import-people";
import { type CsvSource, canPickHandles, FileChangedError, pickCsvHandle, readCsv } from "./csv-source";
import { ImportCheck, ImportDone, ImportProgressLine } from "./import-results";

const EXAMPLE: Record<ImportRole, string> = {
  student: "name,email,studentId\nAna María López,ana.lopez@uni.edu,2027-CS-014",
  supervisor: "name,email\nDr. Kwame Osei,k.osei@uni.edu",
};

/** A file of the header alone, to fill in a spreadsheet. */
const templateHref = (role: ImportRole) =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(`${IMPORT_HEADERS[role].join(",")}\r\n`)}`;
const TEMPLATE_FILE: Record<ImportRole, string> = {
  student: "students-template.csv",
  supervisor: "teachers-template.csv",
};

/**
 * The committee's import (DESIGN.md §12): choose a CSV, check it (a dry run: every row and what
 * will happen to it, errors first to find), then import every new row at once. Each check reads
 * the file anew (csv-source.ts), so a file fixed on disk is checked as it is now, and clears the
 * last check's results; the import sends the very bytes that were checked. The file is sent with
 * its progress shown; a large one then shows the server at work.
 */
export function ImportPeople({
  userRole: role,
  onRoleChange,
}: {
  userRole: ImportRole;
  onRoleChange: (r: ImportRole) => void;
}) {
  const [source, setSource] = useState<CsvSource | null>(null);
  const [reading, setReading] = useState(false);
  // The check's answer and the bytes it was given: Import sends those, not the file as it is later.
  const [checked, setChecked] = useState<{ result: ImportResult; file: File } | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useImportPeople();

  const reset = () => {
    setChecked(null);
    setDone(null);
    setError(null);
  };
  const choose = (next: CsvSource | null) => {
    setSource(next);
    reset();
  };
  const check = async () => {
    if (!source) return setError(MSG.importFileMissing);
    reset();
    setReading(true);
    let file: File;
    try {
      file = await readCsv(source);
    } catch (e) {
      if (!(e instanceof FileChangedError)) throw e;
      setSource(null);
      return setError(MSG.importFileChanged);
    } finally {
      setReading(false);
    }
    run.mutate(
      { role, dryRun: true, file },
      { onSuccess: (result) => setChecked({ result, file }), onError: (e) => setError(errorMessage(e)) },
    );
  };
  const importChecked = () => {
    if (!checked) return;
    setError(null);
    run.mutate(
      { role, dryRun: false, file: checked.file },
      { onSuccess: setDone, onError: (e) => setError(errorMessage(e)) },
    );
  };
  // Where the browser hands out file handles, the file is chosen through them (read anew at each check).
  const pickHandle = canPickHandles()
    ? {
        onClick: () =>
          void pickCsvHandle().then(
            (picked) => picked && choose(picked),
            () => setError(MSG.somethingWentWrong),
          ),
      }
    : {};

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
          <Group>
            <DownloadButton
              href={templateHref(role)}
              fileName={TEMPLATE_FILE[role]}
              label="Download a template"
            />
          </Group>
          <Text size="sm" c="dimmed">
            Each new person gets an email with a link to choose their password, valid for 7 days (you can send
            another from the list). People who already have an account are skipped.
          </Text>
          <Group align="flex-end" wrap="wrap">
            <FileInput
              label="CSV file"
              placeholder="Choose a file"
              accept=".csv,text/csv"
              value={source?.file ?? null}
              onChange={(f) => choose(f ? { file: f, handle: null } : null)}
              {...pickHandle}
              leftSection={<IconUpload size={16} />}
              clearable
              clearButtonProps={{ "aria-label": "Clear the chosen file" }}
              w={{ base: "100%", sm: 360 }}
            />
            <Button
              variant="default"
              onClick={() => void check()}
              loading={reading || (run.isPending && !checked)}
              disabled={!source || reading || run.isPending}
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
          <ImportCheck checked={checked.result} role={role} onImport={importChecked} busy={run.isPending} />
        )
      )}
    </Stack>
  );
}
