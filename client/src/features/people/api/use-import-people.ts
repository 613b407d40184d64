import { ApiError } from "@client/lib/api";
import type { ImportResult, ImportRole } from "@shared/schemas/accounts";
import type { ErrorResponse } from "@shared/schemas/common";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useRefreshPeople } from "./use-people-mutation";

/** Where an upload is: sending the file (with the share sent), then waiting for the server. */
export type ImportProgress = { phase: "uploading"; fraction: number } | { phase: "processing" } | null;

/**
 * A POST of a multipart body through XMLHttpRequest (fetch cannot report how much of a large file
 * has been sent), answered like the api client: the JSON body, or an ApiError. The one place the
 * import's upload is done: the shared uploader, once there is one, takes its place.
 */
function postWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (p: ImportProgress) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ phase: "uploading", fraction: e.loaded / e.total });
    };
    xhr.upload.onload = () => onProgress({ phase: "processing" });
    xhr.onerror = () =>
      reject(new ApiError(0, "NETWORK", "Cannot reach the server. Check your connection and try again."));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const err = (body as ErrorResponse | undefined)?.error;
      reject(
        new ApiError(
          xhr.status,
          err?.code ?? "HTTP",
          err?.message ?? `Request failed (${xhr.status}).`,
          err?.fields,
        ),
      );
    };
    onProgress({ phase: "uploading", fraction: 0 });
    xhr.send(form);
  });
}

type ImportInput = { role: ImportRole; dryRun: boolean; file: File };

/** POST /api/users/import with the file as multipart `file`. */
function upload({ role, dryRun, file }: ImportInput, onProgress: (p: ImportProgress) => void) {
  const form = new FormData();
  form.append("file", file);
  return postWithProgress<ImportResult>(`/api/users/import?role=${role}&dryRun=${dryRun}`, form, onProgress);
}

/** A dry run or an import of a CSV file, with its progress; an import refreshes the people lists. */
export function useImportPeople() {
  const refresh = useRefreshPeople();
  const [progress, setProgress] = useState<ImportProgress>(null);
  const mutation = useMutation({
    mutationFn: (input: ImportInput) => upload(input, setProgress),
    onSettled: () => setProgress(null),
    onSuccess: async (result) => {
      if (result.imported) await refresh();
    },
  });
  return { ...mutation, progress };
}
