/**
 * Totals kept beside the rows (decision 0060): how many proposals there are by term, research cell
 * and status, and by term, supervisor and status, and how many people of each role. Triggers keep
 * them (migration 0020), in the transaction of every change, so every writer of `proposals` and
 * `users` keeps them alike; the committee's dashboard, the terms' load and the research cells read
 * them instead of counting every row. (No CHECK keeps `n` from going below 0: PostgreSQL checks
 * an upsert's proposed row, a decrement's -1, before it finds the row it updates.)
 */
import { integer, pgTable, unique } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { researchCells } from "./cells";
import { maybeRef, ref } from "./columns";
import { proposalStatusEnum, roleEnum } from "./enums";
import { terms } from "./terms";

/** A term's proposals by research cell (none: a group of an allocation term not placed yet) and status. */
export const proposalCounts = pgTable(
  "proposal_counts",
  {
    termId: ref("term_id", () => terms.id, "cascade"),
    researchCellId: maybeRef("research_cell_id", () => researchCells.id, "cascade"),
    status: proposalStatusEnum("status").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [unique("proposal_counts_uq").on(t.termId, t.researchCellId, t.status).nullsNotDistinct()],
);

/** A term's proposals by supervisor (none: not placed yet) and status: the supervisors' load. */
export const supervisorCounts = pgTable(
  "supervisor_counts",
  {
    termId: ref("term_id", () => terms.id, "cascade"),
    supervisorId: maybeRef("supervisor_id", () => users.id, "cascade"),
    status: proposalStatusEnum("status").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [unique("supervisor_counts_uq").on(t.termId, t.supervisorId, t.status).nullsNotDistinct()],
);

/** People of each role. */
export const userCounts = pgTable("user_counts", {
  role: roleEnum("role").primaryKey(),
  n: integer("n").notNull(),
});
