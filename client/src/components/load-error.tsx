import { Alert, Button, Text } from "@mantine/core";
import { IconAlertCircle, IconRefresh } from "@tabler/icons-react";

/** A list or figure that could not be loaded: what failed, why, and a way to try again. */
export function LoadError({
  title,
  message,
  onRetry,
}: {
  title: string;
  message?: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title}>
      {message && <Text size="sm">{message}</Text>}
      <Button
        mt="xs"
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconRefresh size={14} />}
        onClick={onRetry}
      >
        Try again
      </Button>
    </Alert>
  );
}

/** LoadError of a query that failed: its error's message, and Retry asks again. */
export function QueryError({
  title,
  query,
}: {
  title: string;
  query: { error: Error | null; refetch: () => unknown };
}) {
  return <LoadError title={title} message={query.error?.message} onRetry={() => void query.refetch()} />;
}
