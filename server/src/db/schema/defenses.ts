/** Defenses (DESIGN.md §18): the rooms the committee keeps for them. */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const rooms = pgTable(
  "rooms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
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
