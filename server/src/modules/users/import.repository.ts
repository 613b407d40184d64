import type { ImportRole } from "@shared/schemas/accounts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { liftStatementTimeout, selectRows } from "../../db/query";
import { insertResetTokensFrom } from "../accounts/reset-tokens.repository";

/** Who already has these (lower-cased) emails: one statement on the unique index of lower(email). */
export const selectEmailOwners = (db: Db, emails: string[]) =>
  selectRows<{ email: string; role: string; student_id: string | null }>(
    db,
    sql`select lower(email) as email, role, student_id from users
         where lower(email) in (select json_array_elements_text(${JSON.stringify(emails)}::json))`,
  );

/** One new person of an import: their row, their link's identifier and the email that carries it. */
export interface ImportedPerson {
  name: string;
  email: string;
  student_id: string | null;
  identifier: string;
  subject: string;
  body: string;
  kind: string;
}

/**
 * Creates every person of an import in one statement, in the caller's transaction: the users,
 * their password links (valid until `linksExpireAt`) and the emails that carry them. Imports are
 * exempt from the per-request statement limit (DESIGN.md §13) for the rest of the transaction.
 */
export async function insertImported(
  tx: Db,
  role: ImportRole,
  people: ImportedPerson[],
  linksExpireAt: Date,
) {
  await liftStatementTimeout(tx);
  await tx.execute(sql`
    with input as (
      select * from json_to_recordset(${JSON.stringify(people)}::json)
        as x(name text, email text, student_id text, identifier text, subject text, body text, kind text)
    ),
    created as (
      insert into users (name, email, role, student_id)
      select name, email, ${role}::role, student_id from input
      returning id, email
    ),
    links as (
      ${insertResetTokensFrom(sql`select i.identifier, c.id from created c join input i on i.email = c.email`, linksExpireAt)}
    )
    insert into outbox (user_id, to_email, subject, body, kind)
    select c.id, c.email, i.subject, i.body, i.kind from created c join input i on i.email = c.email`);
}
