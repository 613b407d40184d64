import { z } from "zod";
import { LIMITS } from "../limits";
import { MSG } from "../messages";

/** Required text: trimmed, "{label} is required." when missing or blank, a length limit. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: (iss) => (iss.input == null ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max.toLocaleString("en")} characters.`);

export const emailSchema = z
  .string({ error: (iss) => (iss.input == null ? "Email is required." : "Email must be text.") })
  .trim()
  .toLowerCase()
  .min(1, "Email is required.")
  .max(LIMITS.emailMax, MSG.emailInvalid)
  .pipe(z.email(MSG.emailInvalid));

export const newPasswordSchema = z
  .string({ error: (iss) => (iss.input == null ? "Password is required." : "Password must be text.") })
  .min(LIMITS.passwordMin, MSG.passwordTooShort)
  .max(LIMITS.passwordMax, MSG.passwordTooLong);

/**
 * An id: a UUID in any case, passed on in its canonical lower-case form, so that "A1…" and "a1…"
 * are one id everywhere they are compared (DESIGN.md §13).
 */
export const uuid = (params?: Parameters<typeof z.uuid>[0]) =>
  z.uuid(params).transform((id) => id.toLowerCase());

export const idSchema = uuid("Invalid id.");
export const idParams = z.object({ id: idSchema });

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});

/**
 * A page of a list: `total` is exact unless `capped`, which says there are more matches than
 * `total` (lists count up to LIMITS.listCountMax, searches up to LIMITS.searchCountMax).
 */
export const pageResponse = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), capped: z.boolean() });

export const okResponse = z.object({ ok: z.literal(true) });
