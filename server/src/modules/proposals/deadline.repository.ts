import type { ProposalStatus } from "@shared/enums";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { activity, proposals, terms } from "../../db/schema";
import { reviewDueAt } from "./proposal-sql";

export interface Due {
  status: ProposalStatus;
  when: SQL;
}

/** Which proposals each deadline sweep works on: their status, and the condition over `p` and its term `tm`. */
export const DUE = {
  invitationsClosed: (now: Date) => ({
    status: "Awaiting members" as const,
    when: sql`tm.submissions_close_at <= ${now.toISOString()}::timestamptz`,
  }),
  revisionsClosed: (now: Date) => ({
    status: "Changes requested" as const,
    when: sql`tm.revisions_close_at <= ${now.toISOString()}::timestamptz`,
  }),
  /** Not reminded since changes were last requested. */
  revisionsCloseSoon: (now: Date, soon: Date) => ({
    status: "Changes requested" as const,
    when: sql`tm.revisions_close_at > ${now.toISOString()}::timestamptz and tm.revisions_close_at <= ${soon.toISOString()}::timestamptz
            and not exists (select 1 from ${activity} a
                             where a.proposal_id = p.id and a.kind = 'proposal' and a.action = 'remind'
                               and a.at >= p.reviewed_at)`,
  }),
};

/** The proposals a sweep works on, in id order (the order every transaction locks them in), held until commit. */
export function dueProposals(tx: Db, due: Due) {
  return selectRows<{ id: string }>(
    tx,
    sql`select p.id from ${proposals} p join ${terms} tm on tm.id = p.term_id
         where p.status = ${due.status} and ${due.when}
         order by p.id for update of p`,
  );
}

/** Each supervisor's Pending proposals past their review's due date, oldest due first (all terms). */
export function selectOverdue(db: Db, now: Date) {
  return selectRows<{ supervisor_id: string; overdue: { title: string; due: string }[] }>(
    db,
    sql`select p.supervisor_id, json_agg(json_build_object('title', p.title, 'due', ${reviewDueAt}) order by ${reviewDueAt}, p.id) as overdue
          from ${proposals} p join ${terms} tm on tm.id = p.term_id
         where p.status = 'Pending' and ${reviewDueAt} < ${now.toISOString()}::timestamptz
         group by p.supervisor_id`,
  );
}
