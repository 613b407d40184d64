import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * A plain link that looks like a button: the browser downloads the streamed file with the session
 * cookie (named by the server), or a file made here (`fileName` names it).
 */
export function DownloadButton({
  href,
  label = "Export CSV",
  fileName,
  icon = <IconDownload size={16} />,
}: {
  href: string;
  label?: string;
  fileName?: string;
  icon?: ReactNode;
}) {
  return (
    <Button component="a" href={href} download={fileName ?? true} variant="default" leftSection={icon}>
      {label}
    </Button>
  );
}
