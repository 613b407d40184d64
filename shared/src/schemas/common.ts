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

/** Optional text: trimmed, "" when left out, a length limit; "{label} must be text." otherwise. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en")} characters.`)
    .default("");

/**
 * Embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they reorder the text
 * around them, so a name could show others something else than it is ("exe.txt" for "txt.exe").
 * The marks U+200E, U+200F and U+061C only give a neutral character a direction and are kept.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
/** A letter, digit, punctuation or symbol, but not those drawn as nothing (Hangul fillers, the blank Braille pattern). */
const VISIBLE = /(?![\u115F\u1160\u3164\uFFA0\u2800])[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * The check of every name and title that others see (DESIGN.md §13, decision 0043): it holds a
 * visible character (not only spaces, zero-width or other invisible characters) and no character
 * that changes the direction of the text. Right-to-left scripts need none of these.
 */
export const shownTextCheck = (label: string) => (value: string, ctx: z.RefinementCtx) => {
  if (DIRECTION_CONTROLS.test(value))
    ctx.addIssue({ code: "custom", message: MSG.textDirectionControls(label) });
  else if (value && !VISIBLE.test(value))
    ctx.addIssue({ code: "custom", message: MSG.textNotVisible(label) });
};

/**
 * A name that comes from elsewhere (a single sign-on provider's profile), made into one
 * shownTextCheck accepts: without direction controls, at most `max` characters; undefined when
 * nothing visible is left. The person cannot retype it, so it is cleaned rather than refused.
 */
export function shownTextFrom(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.replace(new RegExp(DIRECTION_CONTROLS, "g"), "").trim().slice(0, max).trim();
  return VISIBLE.test(text) ? text : undefined;
}

/** A person's name, or a title or name others see (a cell, term, topic, proposal): required text that passes shownTextCheck. */
export const shownText = (label: string, max: number) =>
  requiredText(label, max).superRefine(shownTextCheck(label));

/** A whole number from `min` to `max`, named in its messages ("Capacity must be a whole number."). */
export const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max.toLocaleString("en")}.`);

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

/** A record another names by its name (a person, a room, a term, a cell): its id and that name. */
export const namedRef = z.object({ id: z.string(), name: z.string() });

/** A record another names by its title (a research cell, a proposal): its id and that title. */
export const titledRef = z.object({ id: z.string(), title: z.string() });

export const okResponse = z.object({ ok: z.literal(true) });
