/**
 * Totals kept beside the rows (decision 0060): how many proposals there are by term, research cell
 * and status, and by term, supervisor and status, and how many people of each role. Triggers keep
 * them (migration 0020), in the transaction of every change, so every writer of `proposals` and
 * `users` keeps them alike; the committee's dashboard, the terms' load and the research cells read
 * them instead of counting every row. (No CHECK keeps `n` from going below 0: PostgreSQL checks
 * an upsert's proposed row, a decrement's -1, before it finds the row it updates.)
 */
import { integer, type PgColumnBuilderBase, pgTable, unique } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { researchCells } from "./cells";
import { maybeRef, ref } from "./columns";
import { proposalStatusEnum, roleEnum } from "./enums";
import { terms } from "./terms";

/**
 * A term's proposals by `key` (its column `by`, none: not placed yet) and status, one row each
 * (NULLs alike).
 */
function termCounts<K extends string, C extends PgColumnBuilderBase>(name: string, key: K, by: C) {
  return pgTable(
    name,
    {
      termId: ref("term_id", () => terms.id, "cascade"),
      ...({ [key]: by } as Record<K, C>),
      status: proposalStatusEnum("status").notNull(),
      n: integer("n").notNull(),
    },
    (t) => [unique(`${name}_uq`).on(t.termId, t[key], t.status).nullsNotDistinct()],
  );
}

/** A term's proposals by research cell (none: a group of an allocation term not placed yet) and status. */
export const proposalCounts = termCounts(
  "proposal_counts",
  "researchCellId",
  maybeRef("research_cell_id", () => researchCells.id, "cascade"),
);

/** A term's proposals by supervisor (none: not placed yet) and status: the supervisors' load. */
export const supervisorCounts = termCounts(
  "supervisor_counts",
  "supervisorId",
  maybeRef("supervisor_id", () => users.id, "cascade"),
);

/** People of each role. */
export const userCounts = pgTable("user_counts", {
  role: roleEnum("role").primaryKey(),
  n: integer("n").notNull(),
});
