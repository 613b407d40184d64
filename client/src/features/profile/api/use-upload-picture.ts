import { api } from "@client/lib/api";
import { setMe } from "@client/lib/session";
import type { User } from "@shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";

/** PUT /api/me/picture (multipart field `file`); the header avatar changes at once. */
export function useUploadPicture() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file);
      return api.put<{ user: User }>("/me/picture", body);
    },
    onSuccess: ({ user }) => setMe(user),
  });
}
