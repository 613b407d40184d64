import { useNarrow } from "@client/lib/use-narrow";
import { Anchor, Box, Group, Paper, Text } from "@mantine/core";
import { documentUrl, type FileRef } from "@shared/schemas/files";
import { IconExternalLink } from "@tabler/icons-react";
import { DocumentLink } from "./document-input";

/**
 * A proposal's document in front of its reader (decision 0059): on a wide screen shown in the page
 * (a frame of GET /api/files/:id?view=inline, which the server sandboxes and lets only our pages
 * frame), with its download beside it; on a phone, whose browser rarely shows a PDF in a frame,
 * the download and a link that opens it in a tab of its own.
 */
export function DocumentPreview({ document, height = "70vh" }: { document: FileRef; height?: string }) {
  const narrow = useNarrow();
  return (
    <Box>
      <Group gap="md" justify="space-between" mb="xs" wrap="wrap">
        <DocumentLink document={document} />
        <Anchor href={documentUrl(document.id, "inline")} target="_blank" rel="noopener" size="sm">
          <IconExternalLink size={14} style={{ verticalAlign: "middle" }} aria-hidden /> Open in a new tab
        </Anchor>
      </Group>
      {narrow ? (
        <Text size="sm" c="dimmed">
          Download the document or open it in a new tab to read it.
        </Text>
      ) : (
        <Paper withBorder radius="sm" style={{ overflow: "hidden" }}>
          <iframe
            src={documentUrl(document.id, "inline")}
            title={`Document: ${document.name}`}
            style={{ display: "block", width: "100%", height, border: 0 }}
          />
        </Paper>
      )}
    </Box>
  );
}
