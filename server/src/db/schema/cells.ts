/** Research cells and the supervisors assigned to them. */
import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, primaryId, ref } from "./columns";

export const researchCells = pgTable(
  "research_cells",
  {
    id: primaryId(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("research_cells_title_lower_uq").on(sql`lower(${t.title})`)],
);

export const supervisorCells = pgTable(
  "supervisor_cells",
  {
    supervisorId: ref("supervisor_id", () => users.id, "cascade"),
    researchCellId: ref("research_cell_id", () => researchCells.id, "cascade"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.supervisorId, t.researchCellId] }),
    index("supervisor_cells_cell_idx").on(t.researchCellId),
  ],
);
