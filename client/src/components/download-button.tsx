import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";

/** A plain link that looks like a button: the browser downloads the streamed file with the session cookie. */
export function DownloadButton({ href, label = "Export CSV" }: { href: string; label?: string }) {
  return (
    <Button component="a" href={href} download variant="default" leftSection={<IconDownload size={16} />}>
      {label}
    </Button>
  );
}
