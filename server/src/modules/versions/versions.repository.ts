import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { files, proposals, proposalVersions, users } from "../../db/schema";

/** A proposal's versions, newest first (proposal_versions_number_uq), with their authors and documents. */
export function selectVersions(db: Db, proposalId: string) {
  return selectRows<{
    id: string;
    number: number;
    title: string;
    abstract: string;
    note: string | null;
    author_id: string | null;
    author_name: string | null;
    created_at: string;
    document: { id: string; name: string; size: number } | null;
  }>(
    db,
    sql`select v.id, v.number, v.title, v.abstract, v.note, u.id as author_id, u.name as author_name, v.created_at,
               case when f.id is not null then json_build_object('id', f.id, 'name', f.name, 'size', f.size) end as document
          from ${proposalVersions} v
          left join ${users} u on u.id = v.author_id
          left join ${files} f on f.id = v.document_id
         where v.proposal_id = ${proposalId}
         order by v.number desc`,
  );
}

/**
 * The next version, numbered after the last (the proposal's row is locked by the transition, so
 * two new versions are numbered one after the other), and the proposal's title and abstract set to it.
 */
export async function insertVersion(
  db: Db,
  v: {
    proposalId: string;
    title: string;
    abstract: string;
    documentId: string | null;
    note: string | null;
    authorId: string;
    at: Date;
  },
) {
  const [row] = await selectRows<{ number: number }>(
    db,
    sql`insert into ${proposalVersions} (proposal_id, number, title, abstract, document_id, note, author_id, created_at)
        select ${v.proposalId}, coalesce(max(number), 0) + 1, ${v.title}, ${v.abstract}, ${v.documentId}, ${v.note},
               ${v.authorId}, ${v.at.toISOString()}::timestamptz
          from ${proposalVersions} where proposal_id = ${v.proposalId}
        returning number`,
  );
  await db.execute(
    sql`update ${proposals} set title = ${v.title}, abstract = ${v.abstract} where id = ${v.proposalId}`,
  );
  return row.number;
}
