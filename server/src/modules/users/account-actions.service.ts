import { MSG } from "@shared/messages";
import type { OpenProposal, UpdatePersonInput } from "@shared/schemas/accounts";
import type { Person } from "@shared/schemas/users";
import type { Db } from "../../db/client";
import { transaction } from "../../db/query";
import { ConflictError, NotFoundError, PG, pgErrorCode } from "../../lib/errors";
import type { RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { hasPassword } from "../accounts/accounts.repository";
import { type PasswordLinkKind, sendPasswordLink } from "../accounts/password-links";
import { deleteResetTokens } from "../accounts/reset-tokens.repository";
import { recordActivity } from "../activity/activity.repository";
import { revokeFeedToken } from "../calendar/calendar.repository";
import { emails, ROLE_WORDS } from "../outbox/emails";
import { enqueueEmailTo } from "../outbox/outbox.service";
import { tellExaminerDeactivated } from "../theses/examiner-deactivated";
import {
  countOtherActiveCommittee,
  deleteSessionsOf,
  lockActiveCommittee,
  lockPerson,
  roleOf,
  selectOpenProposals,
  setDeactivated,
  updatePersonRow,
} from "./account-actions.repository";
import { toPersonDto } from "./users.service";

/**
 * The committee's tools for one person (DESIGN.md §12). Each action is one transaction over the
 * person's row, locked first, and is a row of the activity log (§9) written in that transaction.
 */

/** What of the one request context (decision 0044) an account action reads: who acts, the address, the time. */
export type ActionContext = Pick<RequestContext<SessionUser>, "by" | "publicUrl" | "now">;

/** The action as a row of the activity log, about the person it concerns. */
function record(
  tx: Db,
  ctx: ActionContext,
  action: "update" | "link" | "deactivate" | "reactivate",
  person: { id: string; name: string },
  note?: string,
) {
  return recordActivity(tx, {
    at: ctx.now,
    actorId: ctx.by.id,
    kind: "account",
    action,
    subjectId: person.id,
    subjectName: person.name,
    note,
  });
}

/**
 * PATCH /api/users/:id: a new name or email (unique in any case: the database's index decides).
 * A new email revokes the person's password links and tells the old address, in this transaction.
 */
export async function updatePerson(
  db: Db,
  id: string,
  input: UpdatePersonInput,
  ctx: ActionContext,
): Promise<Person> {
  try {
    return await transaction(db, async (tx) => {
      const before = await lockPerson(tx, id);
      if (!before) throw new NotFoundError(MSG.personNotFound);
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        // A new address has not been shown to reach the person.
        ...(input.email !== undefined && input.email !== before.email
          ? { email: input.email, emailVerified: false }
          : {}),
      };
      const after = await updatePersonRow(tx, id, changes);
      if (after.email !== before.email) {
        // Links sent to the old address stop working, and the old address is told (DESIGN.md
        // §21); a deactivated account gets no email, as everywhere.
        await deleteResetTokens(tx, id);
        if (!before.deactivatedAt)
          await enqueueEmailTo(
            tx,
            { userId: id, email: before.email, name: after.name },
            emails.emailChanged({ to: after.email, by: ctx.by.name }),
          );
      }
      const what = [
        ...(after.name !== before.name ? [`name ${before.name} → ${after.name}`] : []),
        ...(after.email !== before.email ? [`email ${before.email} → ${after.email}`] : []),
      ];
      await record(tx, ctx, "update", after, what.length ? what.join("; ") : "No change");
      return toPersonDto(after);
    });
  } catch (err) {
    if (pgErrorCode(err) === PG.uniqueViolation)
      throw new ConflictError(MSG.emailTaken, { email: MSG.emailTaken });
    throw err;
  }
}

/**
 * POST /api/users/:id/password-reset: a reset link (one hour) for an account with a password, or
 * a link to set one (seven days) for an account that has none yet (imported, or never finished).
 */
export async function sendLink(
  db: Db,
  id: string,
  ctx: ActionContext,
): Promise<{ kind: PasswordLinkKind; name: string }> {
  return transaction(db, async (tx) => {
    const person = await lockPerson(tx, id);
    if (!person) throw new NotFoundError(MSG.personNotFound);
    if (person.deactivatedAt) throw new ConflictError(MSG.deactivatedCannotGetLink);
    const kind: PasswordLinkKind = (await hasPassword(tx, id)) ? "reset" : "set";
    await sendPasswordLink(tx, {
      userId: id,
      kind,
      publicUrl: ctx.publicUrl,
      now: ctx.now,
      by: { name: ctx.by.name, role: ROLE_WORDS[person.role] },
    });
    await record(
      tx,
      ctx,
      "link",
      person,
      kind === "reset" ? "Password reset link" : "Link to set a password",
    );
    return { kind, name: person.name };
  });
}

/**
 * POST /api/users/:id/deactivate: marks the account and deletes its sessions in one transaction.
 * Each deleted session is announced by the database (migration 0001), so every instance drops it
 * from its cache and ends its event streams at once; the trigger of migration 0016 refuses a
 * sign-in racing this. Nobody deactivates themself, and one committee member always stays
 * active: deactivating a committee member locks the active ones first, so two members
 * deactivating each other at once cannot both succeed.
 */
export async function deactivatePerson(db: Db, id: string, ctx: ActionContext): Promise<Person> {
  if (id === ctx.by.id) throw new ConflictError(MSG.cannotDeactivateSelf);
  return transaction(db, async (tx) => {
    // A committee member's deactivation holds all active committee rows first, in id order (the
    // person's among them), so two members deactivating each other wait in turn: one wins.
    if ((await roleOf(tx, id)) === "committee") await lockActiveCommittee(tx);
    const person = await lockPerson(tx, id);
    if (!person) throw new NotFoundError(MSG.personNotFound);
    if (person.deactivatedAt) throw new ConflictError(MSG.alreadyDeactivated);
    if (person.role === "committee" && (await countOtherActiveCommittee(tx, id)) === 0)
      throw new ConflictError(MSG.lastCommitteeMember);
    const after = await setDeactivated(tx, id, ctx.now);
    await deleteSessionsOf(tx, id);
    await revokeFeedToken(tx, id);
    await record(tx, ctx, "deactivate", person);
    if (person.role === "supervisor") await tellExaminerDeactivated(tx, ctx, person);
    return toPersonDto(after);
  });
}

/** POST /api/users/:id/reactivate: the account may sign in again (its old sessions stay ended). */
export async function reactivatePerson(db: Db, id: string, ctx: ActionContext): Promise<Person> {
  return transaction(db, async (tx) => {
    const person = await lockPerson(tx, id);
    if (!person) throw new NotFoundError(MSG.personNotFound);
    if (!person.deactivatedAt) throw new ConflictError(MSG.notDeactivated);
    if (person.anonymisedAt) throw new ConflictError(MSG.anonymisedAccount);
    const after = await setDeactivated(tx, id, null);
    await record(tx, ctx, "reactivate", person);
    return toPersonDto(after);
  });
}

/**
 * GET /api/users/:id/open-proposals: what a person leaves behind when deactivated, the proposals
 * in an active status that they created or supervise, for the committee to reassign or withdraw
 * (DESIGN.md §9). Each item is one row the screen can put actions beside.
 */
export async function openProposals(db: Db, id: string): Promise<OpenProposal[]> {
  const rows = await selectOpenProposals(db, id);
  if (rows === null) throw new NotFoundError(MSG.personNotFound);
  return rows;
}
