import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { MSG } from "@shared/messages";
import type { SetupInput } from "@shared/schemas/auth";
import type { Db } from "../../db/client";
import { AppError, ConflictError } from "../../lib/errors";
import { countByRole } from "../accounts/accounts.repository";
import { createAccount, recordOwnAccount } from "../accounts/accounts.service";
import { insertSetupToken, takeSetupTokens } from "./setup.repository";

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
  await insertSetupToken(db, sha256(token), new Date(Date.now() + 7 * 24 * 3600 * 1000));
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
      const hashes = await takeSetupTokens(tx);
      const match = hashes.some((h) => timingSafeEqual(Buffer.from(h), Buffer.from(hash)));
      if (!match)
        throw new AppError(403, "FORBIDDEN", MSG.setupTokenInvalid, { token: MSG.setupTokenInvalid });
      if ((await countByRole(tx, "committee")) > 1) throw new ConflictError(MSG.setupDone);
      await recordOwnAccount(tx, user, "setup", at);
    },
  );
}
