import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRow } from "../../db/query";
import { users } from "../../db/schema";

/** The supervisor's name and whether they are deactivated, their row held FOR KEY SHARE until commit. */
export function holdSupervisor(db: Db, supervisorId: string) {
  return selectRow<{ name: string; deactivated: boolean }>(
    db,
    sql`select name, deactivated_at is not null as deactivated from ${users}
         where id = ${supervisorId} for key share`,
  );
}
