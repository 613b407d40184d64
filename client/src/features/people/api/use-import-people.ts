import { api, withQuery } from "@client/lib/api";
import type { ImportResult, ImportRole } from "@shared/schemas/accounts";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useRefreshPeople } from "./use-people-mutation";

/** Where an upload is: sending the file (with the share sent), then waiting for the server. */
export type ImportProgress = { phase: "uploading"; fraction: number } | { phase: "processing" } | null;

type ImportInput = { role: ImportRole; dryRun: boolean; file: File };

/** A dry run or an import of a CSV file, with its progress; an import refreshes the people lists. */
export function useImportPeople() {
  const refresh = useRefreshPeople();
  const [progress, setProgress] = useState<ImportProgress>(null);
  const mutation = useMutation({
    // POST /api/users/import with the file as multipart `file`.
    mutationFn: ({ role, dryRun, file }: ImportInput) => {
      setProgress({ phase: "uploading", fraction: 0 });
      return api.upload<ImportResult>(withQuery("/users/import", { role, dryRun }), file, {
        onProgress: (fraction) => setProgress({ phase: "uploading", fraction }),
        onSent: () => setProgress({ phase: "processing" }),
      });
    },
    onSettled: () => setProgress(null),
    onSuccess: async (result) => {
      if (result.imported) await refresh();
    },
  });
  return { ...mutation, progress };
}
