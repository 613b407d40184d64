import { api } from "@client/lib/api";
import { sessionQueries } from "@client/lib/queries/session";
import type { User } from "@shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** PUT /api/me/picture (multipart field `file`); the header avatar changes at once. */
export function useUploadPicture() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file);
      return api.put<{ user: User }>("/me/picture", body);
    },
    onSuccess: ({ user }) => qc.setQueryData(sessionQueries.me().queryKey, user),
  });
}
