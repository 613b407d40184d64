import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { MSG } from "@shared/messages";
import type { SetupInput } from "@shared/schemas/auth";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verifications } from "../../db/schema";
import { AppError, ConflictError } from "../../lib/errors";
import { countByRole } from "../accounts/accounts.repository";
import { createAccount, recordOwnAccount } from "../accounts/accounts.service";

const IDENTIFIER = "setup-token";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export async function setupNeeded(db: Db): Promise<boolean> {
  return (await countByRole(db, "committee")) === 0;
}

/**
 * While no committee account exists, each start-up makes a one-time setup token, keeps only
 * its hash (so several instances can each print their own) and returns it to be printed.
 */
export async function issueSetupToken(db: Db): Promise<string | null> {
  if (!(await setupNeeded(db))) return null;
  const token = randomBytes(18).toString("base64url");
  await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, IDENTIFIER), lt(verifications.expiresAt, new Date())));
  await db.insert(verifications).values({
    identifier: IDENTIFIER,
    value: sha256(token),
    expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  });
  return token;
}

/** Creates the first committee account. The token row is consumed in the same transaction. */
export async function completeSetup(db: Db, input: Required<SetupInput>, at: Date) {
  if (!(await setupNeeded(db))) throw new ConflictError(MSG.setupDone);
  const hash = sha256(input.token);
  return createAccount(
    db,
    { name: input.name, email: input.email, password: input.password, role: "committee" },
    async (tx, user) => {
      const rows = await tx
        .delete(verifications)
        .where(and(eq(verifications.identifier, IDENTIFIER), gt(verifications.expiresAt, new Date())))
        .returning({ value: verifications.value });
      const match = rows.some((r) => timingSafeEqual(Buffer.from(r.value), Buffer.from(hash)));
      if (!match)
        throw new AppError(403, "FORBIDDEN", MSG.setupTokenInvalid, { token: MSG.setupTokenInvalid });
      if ((await countByRole(tx, "committee")) > 1) throw new ConflictError(MSG.setupDone);
      await recordOwnAccount(tx, user, "setup", at);
    },
  );
}
