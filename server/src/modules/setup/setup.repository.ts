import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verifications } from "../../db/schema";

/** The setup tokens' rows: a verification by this identifier, the token's hash as its value. */
const IDENTIFIER = "setup-token";

/** Adds a token's hash (expired ones go first); several instances may each hold one. */
export async function insertSetupToken(db: Db, hash: string, expiresAt: Date) {
  await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, IDENTIFIER), lt(verifications.expiresAt, new Date())));
  await db.insert(verifications).values({ identifier: IDENTIFIER, value: hash, expiresAt });
}

/** Deletes every unexpired setup token and answers their hashes, in the caller's transaction. */
export async function takeSetupTokens(tx: Db): Promise<string[]> {
  const rows = await tx
    .delete(verifications)
    .where(and(eq(verifications.identifier, IDENTIFIER), gt(verifications.expiresAt, new Date())))
    .returning({ value: verifications.value });
  return rows.map((r) => r.value);
}
