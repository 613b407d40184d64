import { z } from "zod";
import { ROLES } from "../enums";
import { LIMITS } from "../limits";
import { SIGN_IN_MSG } from "../sign-in-messages";
import { emailSchema, newPasswordSchema, requiredText, shownText } from "./common";

/** A student ID as registration, import and single sign-on accept it. */
export const studentIdSchema = requiredText("Student ID", LIMITS.studentIdMax).regex(
  /^[A-Za-z0-9][A-Za-z0-9\-/.]*$/,
  "Student ID may contain only letters, digits, '-', '/' and '.'.",
);

/**
 * What two student IDs are compared by: "2021-cs-45" and "2021-CS-45" are one student ID
 * (DESIGN.md §13). The database's unique index users_student_id_uq is on the same form,
 * lower(student_id); the IDs studentIdSchema accepts are ASCII, which both lower-case alike.
 */
export const studentIdKey = (studentId: string) => studentId.toLowerCase();

export const registerSchema = z.object({
  name: shownText("Name", LIMITS.nameMax),
  email: emailSchema,
  studentId: studentIdSchema,
  password: newPasswordSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: z
    .string({ error: SIGN_IN_MSG.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, SIGN_IN_MSG.emailRequired)
    .max(LIMITS.emailMax),
  password: z
    .string({ error: SIGN_IN_MSG.passwordRequired })
    .min(1, SIGN_IN_MSG.passwordRequired)
    .max(LIMITS.passwordMax),
});
export type LoginInput = z.input<typeof loginSchema>;

export const setupSchema = z.object({
  token: z.string({ error: "Setup token is required." }).trim().min(1, "Setup token is required.").max(200),
  name: shownText("Name", LIMITS.nameMax),
  email: emailSchema,
  password: newPasswordSchema,
});
export type SetupInput = z.input<typeof setupSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  studentId: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  emailNotifications: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const meResponse = z.object({ user: userSchema });
/** GET /api/auth/session: who is signed in, or null; answered 200 either way. */
/**
 * GET /api/auth/session: the signed-in user, or null; `sessionEnded` when this browser sent a
 * session that is no longer valid (it ended while a page was open: decision 0054).
 */
export const sessionResponse = z.object({ user: userSchema.nullable(), sessionEnded: z.boolean() });
export type SessionAnswer = z.infer<typeof sessionResponse>;
export const setupStatusResponse = z.object({ needed: z.boolean() });
