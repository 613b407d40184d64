import { DownloadButton } from "@client/components/download-button";
import { proposalsCsvHref } from "@client/lib/exports";
import { Group, Paper, Select, Text } from "@mantine/core";
import { PROPOSAL_TYPES, type ProposalStatus, type ProposalType, STATUS_ORDER } from "@shared/enums";
import { useState } from "react";

/**
 * The proposals of the dashboard's term (none = the current term) as CSV, optionally of one status
 * and type; the server streams the file.
 */
export function ProposalsExport({ termId }: { termId?: string }) {
  const [status, setStatus] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600}>Export proposals</Text>
      <Text size="sm" c="dimmed" mb="sm">
        The chosen term's proposals with their cell, supervisor, members and feedback, as a spreadsheet file.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Status"
          placeholder="All statuses"
          data={[...STATUS_ORDER]}
          // Every status in view at once: a list that scrolls would be a region a keyboard cannot reach.
          maxDropdownHeight={400}
          value={status}
          onChange={setStatus}
          clearable
          w={170}
        />
        <Select
          label="Type"
          placeholder="All types"
          data={[...PROPOSAL_TYPES]}
          value={type}
          onChange={setType}
          clearable
          w={150}
        />
        <DownloadButton
          href={proposalsCsvHref({
            status: (status as ProposalStatus | null) ?? undefined,
            type: (type as ProposalType | null) ?? undefined,
            termId,
          })}
        />
      </Group>
    </Paper>
  );
}
