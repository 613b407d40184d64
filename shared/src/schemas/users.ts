import { z } from "zod";
import { ROLES } from "../enums";
import { LIMITS } from "../limits";
import { MSG } from "../messages";
import { userSchema } from "./auth";
import {
  emailSchema,
  idSchema,
  newPasswordSchema,
  pageQuery,
  pageResponse,
  shownText,
  titledRef,
  uuid,
} from "./common";

export const USER_SORTS = ["name", "email", "studentId", "createdAt"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const roleParam = z.enum(ROLES, {
  error: (iss) =>
    iss.input == null || iss.input === ""
      ? "Role is required."
      : "Role must be student, supervisor or committee.",
});

/** Searches name, email and student ID; blank means no filter. */
export const searchParam = z
  .string({ error: "Search must be text." })
  .trim()
  .max(LIMITS.searchMax, `Search must be at most ${LIMITS.searchMax} characters.`)
  .optional();

/** GET /api/users */
export const userListQuery = pageQuery.extend({
  role: roleParam,
  q: searchParam,
  sort: z.enum(USER_SORTS, { error: "Sort must be name, email, studentId or createdAt." }).default("name"),
  order: z.enum(SORT_ORDERS, { error: "Order must be asc or desc." }).default("asc"),
});
export type UserListQuery = z.input<typeof userListQuery>;

export const cellRefSchema = titledRef;
export type CellRef = z.infer<typeof cellRefSchema>;

/** One person as the committee sees them; supervisors carry their research cells. */
export const personSchema = userSchema.omit({ emailNotifications: true }).extend({
  cells: z.array(cellRefSchema).optional(),
  /** When the committee deactivated the account (DESIGN.md §12); absent or null while it is active. */
  deactivatedAt: z.string().nullable().optional(),
});
export type Person = z.infer<typeof personSchema>;

export const userListResponse = pageResponse(personSchema);
export type UserList = z.infer<typeof userListResponse>;

/** POST /api/users: the committee adds a teacher (supervisor) or a committee member. */
export const createUserSchema = z.object({
  role: z.enum(["supervisor", "committee"], {
    error: (iss) => (iss.input == null ? "Role is required." : "Role must be supervisor or committee."),
  }),
  name: shownText("Name", LIMITS.nameMax),
  email: emailSchema,
  password: newPasswordSchema,
});
export type CreateUserInput = z.input<typeof createUserSchema>;
/** The form of Add Teacher / Add Committee Member: the role comes from the screen. */
export const addPersonFormSchema = createUserSchema.omit({ role: true });
export type AddPersonFormInput = z.input<typeof addPersonFormSchema>;

export const personResponse = z.object({ user: personSchema });

/** POST /api/users/:id/research-cells */
export const assignCellSchema = z.object({
  researchCellId: uuid({
    error: (iss) => (iss.input == null || iss.input === "" ? MSG.selectCell : "Invalid research cell."),
  }),
});
export type AssignCellInput = z.input<typeof assignCellSchema>;

export const assignCellResponse = z.object({ ok: z.literal(true), message: z.string() });
export const userCellParams = z.object({ id: idSchema, cellId: idSchema });
