/** Accounts (the field names are the ones better-auth expects), and the files their pictures are. */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, createdAt, maybeRef, moment, primaryId, ref, tsvector, updatedAt } from "./columns";
import { roleEnum } from "./enums";

export const users = pgTable(
  "users",
  {
    id: primaryId(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: roleEnum("role").notNull(),
    studentId: text("student_id"),
    /** The profile picture (in `files`). */
    pictureId: maybeRef("picture_id", (): AnyPgColumn => files.id, "set null"),
    /**
     * A picture still on disk under DATA_DIR/uploads/pictures/<key>.webp, from before pictures
     * moved into `files`; start-up moves it in and clears this (server/src/modules/files).
     */
    pictureKey: text("picture_key"),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    /**
     * The student registered the account themselves (POST /api/auth/register), not by import,
     * single sign-on or the committee: unless verified at an allowed domain or linked to single
     * sign-on, such an account does not read Internal archive entries (DESIGN.md §19, decision 0077).
     */
    selfRegistered: boolean("self_registered").notNull().default(false),
    /**
     * Set when the committee deactivates the account (DESIGN.md §12): it cannot sign in, and a
     * trigger (migration 0016) refuses new sessions for it even against a racing sign-in.
     */
    deactivatedAt: moment("deactivated_at"),
    /**
     * Set when retention (DESIGN.md §19) anonymised the deactivated account: its name, address,
     * student ID, picture and sign-in are gone; the row stays for the records that refer to it.
     */
    anonymisedAt: moment("anonymised_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What people search matches (DESIGN.md §14): the words of the name (weight A), the student
     * ID as one word without its punctuation (B) and the words of the email before its @ (C; a
     * domain every address shares would match everyone), lower-cased and without accents by the
     * text search configuration thesisdesk_search (migration 0012).
     * A prefix query on it (`ana:*`) is answered by users_search_idx.
     */
    searchWords: tsvector("search_words").generatedAlwaysAs(
      sql`setweight(to_tsvector('thesisdesk_search'::regconfig, regexp_replace(name, '[[:punct:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('thesisdesk_search'::regconfig, regexp_replace(coalesce(student_id, ''), '[[:punct:][:space:]]+', '', 'g')), 'B') || setweight(to_tsvector('thesisdesk_search'::regconfig, regexp_replace(split_part(email, '@', 1), '[[:punct:]]+', ' ', 'g')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    // Unique in any case (DESIGN.md §13): "2021-cs-1" and "2021-CS-1" are one student ID
    // (migration 0018; `sameStudentId` in modules/accounts/student-ids.ts judges it the same way).
    uniqueIndex("users_student_id_uq").on(sql`lower(${t.studentId})`).where(sql`${t.studentId} is not null`),
    // One per sort of the people lists; the id breaks ties, so a page is a walk of the index.
    index("users_role_name_idx").on(t.role, t.name, t.id),
    index("users_role_email_idx").on(t.role, t.email, t.id),
    index("users_role_student_id_idx").on(t.role, t.studentId, t.id),
    index("users_role_created_id_idx").on(t.role, t.createdAt, t.id),
    index("users_search_idx").using("gin", t.searchWords),
    index("users_picture_idx").on(t.pictureId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: primaryId(),
    token: text("token").notNull(),
    userId: ref("user_id", () => users.id, "cascade"),
    expiresAt: moment("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("sessions_token_uq").on(t.token), index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: primaryId(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: ref("user_id", () => users.id, "cascade"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: moment("access_token_expires_at"),
    refreshTokenExpiresAt: moment("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("accounts_user_idx").on(t.userId),
    uniqueIndex("accounts_provider_account_uq").on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  "verifications",
  {
    id: primaryId(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: moment("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Fixed-window counters (failed logins per IP and per account), shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: moment("window_start").notNull(),
});

// ── files ───────────────────────────────────────────────────────────────────

/**
 * Every stored file (DESIGN.md §10): profile pictures now, proposal documents later. The bytes
 * live in PostgreSQL, so instances share nothing else and a database backup holds every file.
 */
export const files = pgTable(
  "files",
  {
    id: primaryId(),
    ownerId: maybeRef("owner_id", (): AnyPgColumn => users.id, "set null"),
    name: text("name").notNull(),
    mediaType: text("media_type").notNull(),
    size: integer("size").notNull(),
    /** SHA-256 of the bytes, hex. */
    sha256: text("sha256").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("files_owner_idx").on(t.ownerId)],
);
