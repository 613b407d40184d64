import { z } from "zod";
import { LIMITS, PICTURE_TYPES } from "../limits";
import { MSG } from "../messages";
import { newPasswordSchema, shownText } from "./common";

/** PATCH /api/me */
export const updateProfileSchema = z.object({ name: shownText("Name", LIMITS.nameMax) });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** POST /api/me/password */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: MSG.currentPasswordRequired })
    .min(1, MSG.currentPasswordRequired)
    .max(LIMITS.passwordMax, MSG.wrongCurrentPassword),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Words for pictures, shared by the upload form (before sending) and the server (after). */
export const PICTURE_MSG = {
  missing: "Choose a picture to upload.",
  wrongType: "The picture must be a JPEG, PNG or WebP image.",
  tooLarge: `The picture must be at most ${LIMITS.pictureBytesMax / (1024 * 1024)} MB.`,
  tooManyPixels: "The picture's dimensions are too large.",
  unreadable: "The picture could not be read; the file may be damaged.",
} as const;

export const PICTURE_ACCEPT = PICTURE_TYPES.join(",");

/** What the browser can check before uploading: the declared type and the size. */
export function pictureProblem(file: { type: string; size: number }): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_MSG.wrongType;
  if (file.size > LIMITS.pictureBytesMax) return PICTURE_MSG.tooLarge;
  return null;
}

/** Stored pictures are `<uuid>.webp`; nothing else is ever served. */
export const PICTURE_FILE_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** PATCH /api/me/notifications */
export const notificationSettingsSchema = z.object({
  emailNotifications: z.boolean({ error: "Email notifications must be on (true) or off (false)." }),
});
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;
