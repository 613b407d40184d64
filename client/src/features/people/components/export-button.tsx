import { withQuery } from "@client/lib/api";
import { Button } from "@mantine/core";
import type { Role } from "@shared/enums";
import { IconDownload } from "@tabler/icons-react";

/** A plain link: the browser downloads the streamed file with the session cookie. */
export function ExportButton({ userRole: role, q }: { userRole: Role; q: string }) {
  return (
    <Button
      component="a"
      href={withQuery("/api/exports/users.csv", { role, q })}
      download
      variant="default"
      leftSection={<IconDownload size={16} />}
    >
      Export CSV
    </Button>
  );
}
