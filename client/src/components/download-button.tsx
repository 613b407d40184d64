import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";

/**
 * A plain link that looks like a button: the browser downloads the streamed file with the session
 * cookie (named by the server), or a file made here (`fileName` names it).
 */
export function DownloadButton({
  href,
  label = "Export CSV",
  fileName,
}: {
  href: string;
  label?: string;
  fileName?: string;
}) {
  return (
    <Button
      component="a"
      href={href}
      download={fileName ?? true}
      variant="default"
      leftSection={<IconDownload size={16} />}
    >
      {label}
    </Button>
  );
}
