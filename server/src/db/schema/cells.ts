/** Research cells and the supervisors assigned to them. */
import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const researchCells = pgTable(
  "research_cells",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("research_cells_title_lower_uq").on(sql`lower(${t.title})`)],
);

export const supervisorCells = pgTable(
  "supervisor_cells",
  {
    supervisorId: uuid("supervisor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    researchCellId: uuid("research_cell_id")
      .notNull()
      .references(() => researchCells.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.supervisorId, t.researchCellId] }),
    index("supervisor_cells_cell_idx").on(t.researchCellId),
  ],
);
