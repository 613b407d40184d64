import { Button } from "@mantine/core";
import type { ImportRole } from "@shared/schemas/accounts";
import { IconFileImport } from "@tabler/icons-react";
import { Link } from "react-router";

/** "Import CSV" beside a people list: the import screen for that list's role. */
export function ImportLink({ userRole: role }: { userRole: ImportRole }) {
  return (
    <Button
      component={Link}
      to={`/committee/import?role=${role}`}
      variant="default"
      leftSection={<IconFileImport size={16} />}
    >
      Import CSV
    </Button>
  );
}
