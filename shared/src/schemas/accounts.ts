import { z } from "zod";
import { ACTIVE_STATUSES, PROPOSAL_STATUSES } from "../enums";
import { LIMITS } from "../limits";
import { MSG } from "../messages";
import { emailSchema, newPasswordSchema, shownText } from "./common";

/** Accounts for a whole department (DESIGN.md §12): reset, committee tools, import, SSO, my data. */

/** POST /api/auth/forgot-password */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export const forgotPasswordResponse = z.object({ ok: z.literal(true), message: z.string() });

/** POST /api/auth/reset-password */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: MSG.resetTokenInvalid })
    .trim()
    .min(1, MSG.resetTokenInvalid)
    .max(200, MSG.resetTokenInvalid),
  newPassword: newPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** GET /api/auth/reset-password?token=: whether a password link still works, without using it. */
export const resetTokenQuery = resetPasswordSchema.pick({ token: true });
export const resetTokenResponse = z.object({ valid: z.boolean() });

/** GET /api/auth/options: what the login and register pages offer. */
export const authOptionsResponse = z.object({
  /** Single sign-on, when configured: the button says "Sign in with {name}". */
  sso: z.object({ name: z.string() }).nullable(),
  /** Registration, import and single sign-on accept only these email domains; empty = any. */
  allowedEmailDomains: z.array(z.string()),
});
export type AuthOptions = z.infer<typeof authOptionsResponse>;

/** POST /api/auth/sso: where to go after signing in (an in-app path). */
export const ssoStartSchema = z.object({
  next: z.string().max(500).optional(),
});
export const ssoStartResponse = z.object({ url: z.string() });

/**
 * GET /api/auth/callback/:id: what an OpenID provider sends back. Anything else is dropped before
 * better-auth sees it.
 */
export const ssoCallbackParams = z.object({ id: z.string().max(100) });
export const ssoCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  iss: z.string().max(2000).optional(),
});

/** PATCH /api/users/:id: the committee corrects a name or an email. */
export const updatePersonSchema = z
  .object({
    name: shownText("Name", LIMITS.nameMax).optional(),
    email: emailSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.email !== undefined, {
    message: "Change the name or the email.",
    path: ["name"],
  });
export type UpdatePersonInput = z.input<typeof updatePersonSchema>;

/** POST /api/users/:id/password-reset: which link went out. */
export const passwordLinkResponse = z.object({
  ok: z.literal(true),
  /** "reset" (valid one hour) for an account with a password; "set" (valid 7 days) for one without. */
  kind: z.enum(["reset", "set"]),
  message: z.string(),
});

/** GET /api/users/:id/open-proposals: what a person leaves behind (created or supervised, active). */
export const openProposalSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  /** How the person is tied to it. */
  role: z.enum(["creator", "supervisor"]),
  createdAt: z.string(),
});
export type OpenProposal = z.infer<typeof openProposalSchema>;
export const openProposalsResponse = z.object({ items: z.array(openProposalSchema) });
export const OPEN_PROPOSAL_STATUSES = ACTIVE_STATUSES;

// ── import ──────────────────────────────────────────────────────────────────

export const IMPORT_ROLES = ["student", "supervisor"] as const;
export type ImportRole = (typeof IMPORT_ROLES)[number];
/** The header line each kind of file starts with. */
export const IMPORT_HEADERS: Record<ImportRole, readonly string[]> = {
  student: ["name", "email", "studentId"],
  supervisor: ["name", "email"],
};

export const importQuery = z.object({
  role: z.enum(IMPORT_ROLES, { error: "Role must be student or supervisor." }),
  dryRun: z
    .enum(["true", "false"], { error: "dryRun must be true or false." })
    .default("true")
    .transform((v) => v === "true"),
});
export type ImportQuery = z.input<typeof importQuery>;

export const IMPORT_ROW_STATUSES = ["new", "exists", "error"] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const importRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number(),
  status: z.enum(IMPORT_ROW_STATUSES),
  message: z.string().optional(),
  name: z.string(),
  email: z.string(),
  studentId: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importResponse = z.object({
  rows: z.array(importRowSchema),
  /** False for a dry run; true once the new rows were created. */
  imported: z.boolean(),
  counts: z.object({ new: z.number(), exists: z.number(), error: z.number() }),
});
export type ImportResult = z.infer<typeof importResponse>;

// ── my data ─────────────────────────────────────────────────────────────────

/**
 * GET /api/me/export: everything ThesisDesk holds about the caller. Sections are plain records so
 * that new ones (versions, timeline) can be added beside them.
 */
export const myDataResponse = z.object({
  exportedAt: z.string(),
  account: z.record(z.string(), z.unknown()),
  proposals: z.array(z.record(z.string(), z.unknown())),
  versions: z.array(z.record(z.string(), z.unknown())),
  timeline: z.array(z.record(z.string(), z.unknown())),
  noticesReceived: z.array(z.record(z.string(), z.unknown())),
  noticesSent: z.array(z.record(z.string(), z.unknown())),
  messages: z.array(z.record(z.string(), z.unknown())),
});
export type MyData = z.infer<typeof myDataResponse>;

/** Whether an email's domain is one of `domains` (exact, in any case); an empty list allows any. */
export function emailDomainAllowed(email: string, domains: readonly string[]): boolean {
  if (!domains.length) return true;
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return domains.includes(domain);
}
