import { DownloadButton } from "@client/components/download-button";
import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { MSG } from "@shared/messages";

/** Profile → "Download my data": everything ThesisDesk holds about the caller, as one JSON file. */
export function MyData() {
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="lg">
            Your data
          </Title>
          <Text size="sm" c="dimmed">
            A JSON file with your account, your proposals and their groups, the notices you received or sent,
            and the messages you wrote.
          </Text>
        </Stack>
        <DownloadButton href="/api/me/export" label={MSG.downloadMyData} />
      </Group>
    </Paper>
  );
}
