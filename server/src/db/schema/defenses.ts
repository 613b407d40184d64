/** Defenses (DESIGN.md §18): the rooms the committee keeps for them, the defenses and their people. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, maybeRef, moment, primaryId, ref, updatedAt } from "./columns";
import { theses } from "./theses";

export const rooms = pgTable(
  "rooms",
  {
    id: primaryId(),
    name: text("name").notNull(),
    capacity: integer("capacity").notNull(),
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    // Names are unique in any case: the index decides between two simultaneous adds.
    uniqueIndex("rooms_name_lower_uq").on(sql`lower(${t.name})`),
    check("rooms_capacity_positive", sql`${t.capacity} > 0`),
  ],
);

/**
 * A thesis's defense (DESIGN.md §18, decision 0073): a time, a room or an online link, public or
 * closed, an optional chair from the committee. A cancelled defense is kept (cancelled_at set) for
 * the record; a thesis has at most one active defense. No room is in two overlapping active
 * defenses: an exclusion constraint over the time range (btree_gist), hand-written in migration 0026.
 */
export const defenses = pgTable(
  "defenses",
  {
    id: primaryId(),
    thesisId: ref("thesis_id", () => theses.id, "cascade"),
    startsAt: moment("starts_at").notNull(),
    endsAt: moment("ends_at").notNull(),
    roomId: maybeRef("room_id", () => rooms.id, "restrict"),
    onlineUrl: text("online_url"),
    public: boolean("public").notNull(),
    chairId: maybeRef("chair_id", () => users.id, "restrict"),
    /** The chair's or the supervisor's short minutes, seen by the examiners and the committee. */
    minutes: text("minutes").notNull().default(""),
    cancelledAt: moment("cancelled_at"),
    /** The iCalendar SEQUENCE of its invitations (RFC 5545): 0 when scheduled, one more each move and the cancellation. */
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("defenses_thesis_active_uq").on(t.thesisId).where(sql`${t.cancelledAt} is null`),
    // The committee's list and week (decision 0078): the active defenses by start.
    index("defenses_active_starts_idx").on(t.startsAt).where(sql`${t.cancelledAt} is null`),
    check("defenses_ends_after_start_ck", sql`${t.endsAt} > ${t.startsAt}`),
    check("defenses_room_or_online_ck", sql`(${t.roomId} is null) <> (${t.onlineUrl} is null)`),
  ],
);

/**
 * The people of an active defense (its thesis's members, both examiners, the chair), each with the
 * defense's time copied, so an exclusion constraint keeps any person out of two overlapping
 * defenses (migration 0026). A move rewrites the rows; a cancellation deletes them.
 */
export const defensePeople = pgTable(
  "defense_people",
  {
    defenseId: ref("defense_id", () => defenses.id, "cascade"),
    userId: ref("user_id", () => users.id, "restrict"),
    startsAt: moment("starts_at").notNull(),
    endsAt: moment("ends_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.defenseId, t.userId] }),
    index("defense_people_user_idx").on(t.userId, t.startsAt),
  ],
);

/**
 * A person's calendar settings (DESIGN.md §18, decision 0076): the private feed's token, stored
 * only as its SHA-256 (hex), renewed by replacing it, revoked by nulling it (deactivation, a
 * password reset); and a student's consent to their name on the public defenses feed.
 */
export const calendarSettings = pgTable(
  "calendar_settings",
  {
    userId: ref("user_id", () => users.id, "cascade").primaryKey(),
    feedTokenHash: text("feed_token_hash"),
    showNameOnPublicDefenses: boolean("show_name_on_public_defenses").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [unique("calendar_settings_feed_token_uq").on(t.feedTokenHash)],
);
