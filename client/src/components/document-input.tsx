import { api, errorMessage } from "@client/lib/api";
import { ActionIcon, Anchor, FileInput, Group, Progress, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_BYTES_MAX,
  type DocumentPurpose,
  documentProblem,
  documentUrl,
  type FileRef,
} from "@shared/schemas/files";
import { IconFileTypePdf, IconX } from "@tabler/icons-react";
import { useId, useState } from "react";

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** A stored document as a download link with its size. */
export function DocumentLink({ document }: { document: FileRef }) {
  return (
    <Group gap={6} wrap="nowrap">
      <IconFileTypePdf size={18} aria-hidden />
      <Anchor
        href={documentUrl(document.id)}
        download={document.name}
        size="sm"
        style={{ overflowWrap: "anywhere" }}
      >
        {document.name}
      </Anchor>
      <Text size="xs" c="dimmed">
        ({sizeText(document.size)})
      </Text>
    </Group>
  );
}

/**
 * An optional PDF for a submission or a version (DESIGN.md §10): checked here (type, size), sent
 * at once with its progress shown, and checked again on the server, which keeps it only if a PDF
 * library reads it. The form then refers to it by `documentId`; a refused file shows its reason
 * at the field and nothing is kept. A thesis draft (`purpose="thesis"`) may be up to 50 MB.
 */
export function DocumentInput({
  value,
  onChange,
  label = "Document (PDF, optional)",
  disabled,
  onUploadingChange,
  purpose = "proposal",
}: {
  value: FileRef | null;
  onChange: (doc: FileRef | null) => void;
  label?: string;
  disabled?: boolean;
  /** Told when an upload starts and ends, so a form can wait for the document before it is sent. */
  onUploadingChange?: (uploading: boolean) => void;
  /** What the document is for: a proposal's (20 MB) or a thesis draft (50 MB). */
  purpose?: DocumentPurpose;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const statusId = useId();

  const choose = async (chosen: File | null) => {
    setError(null);
    setFile(chosen);
    onChange(null);
    if (!chosen) return;
    const problem = documentProblem(chosen, purpose);
    if (problem) return setError(problem);
    setProgress(0);
    onUploadingChange?.(true);
    try {
      onChange(
        await api.upload<FileRef>(purpose === "thesis" ? "/files?purpose=thesis" : "/files", chosen, {
          onProgress: setProgress,
        }),
      );
    } catch (e) {
      setFile(null);
      setError(errorMessage(e, MSG.uploadFailed));
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
    }
  };

  return (
    <Stack gap={6}>
      {value ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <DocumentLink document={value} />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove ${value.name}`}
              onClick={() => {
                setFile(null);
                onChange(null);
              }}
              disabled={disabled}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        </Stack>
      ) : (
        <FileInput
          label={label}
          description={`PDF only, at most ${DOCUMENT_BYTES_MAX[purpose] / (1024 * 1024)} MB.`}
          placeholder="Choose a PDF"
          accept={DOCUMENT_ACCEPT}
          leftSection={<IconFileTypePdf size={16} />}
          value={file}
          onChange={choose}
          error={error}
          disabled={disabled || progress !== null}
          aria-describedby={progress !== null ? statusId : undefined}
          clearable
        />
      )}
      {progress !== null && (
        <Stack gap={2} id={statusId} role="status">
          <Text size="xs" c="dimmed">
            Uploading… {Math.round(progress * 100)}%
          </Text>
          <Progress value={progress * 100} size="sm" aria-label="Upload progress" />
        </Stack>
      )}
    </Stack>
  );
}
