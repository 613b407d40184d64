import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import {
  emailDomainAllowed,
  IMPORT_HEADERS,
  type ImportResult,
  type ImportRole,
  type ImportRow,
} from "@shared/schemas/accounts";
import { studentIdKey, studentIdSchema } from "@shared/schemas/auth";
import { emailSchema, shownText } from "@shared/schemas/common";
import type { Db } from "../../db/client";
import { transaction } from "../../db/query";
import { ConflictError, fieldError, PG, pgErrorCode } from "../../lib/errors";
import { findBadText } from "../../plugins/security";
import { LINK_SECONDS } from "../accounts/password-links";
import { newToken, tokenIdentifier } from "../accounts/reset-tokens.repository";
import { studentIdOwners } from "../accounts/student-ids";
import { recordActivity } from "../activity/activity.repository";
import { emails, passwordLinkUrl, ROLE_WORDS } from "../outbox/emails";
import type { ActionContext } from "./account-actions.service";
import { type ImportedPerson, insertImported, selectEmailOwners } from "./import.repository";
import { type CsvRow, readImportCsv } from "./import-csv";

const nameSchema = shownText("Name", LIMITS.nameMax);

interface Checked extends ImportRow {
  /** Lower-cased, for the duplicate and existence checks. */
  key: string;
}

/** The first problem of a row, or its clean values. */
function checkRow(row: CsvRow, role: ImportRole, domains: readonly string[]): Checked {
  const width = IMPORT_HEADERS[role].length;
  const [rawName = "", rawEmail = "", rawStudentId = ""] = row.values;
  const base = {
    line: row.line,
    name: rawName.slice(0, LIMITS.nameMax + 20),
    email: rawEmail.slice(0, LIMITS.emailMax + 20),
    studentId: role === "student" ? rawStudentId.slice(0, LIMITS.studentIdMax + 20) : null,
    key: rawEmail.toLowerCase(),
  };
  const error = (message: string): Checked => ({ ...base, status: "error", message });
  if (row.values.length !== width) return error(MSG.importRowColumns(width, row.values.length));
  const bad = findBadText(row.values);
  if (bad) return error(bad.message);
  const name = nameSchema.safeParse(rawName);
  if (!name.success) return error(name.error.issues[0].message);
  if (/[\r\n]/.test(rawName)) return error("Name must be on one line.");
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) return error(email.error.issues[0].message);
  if (!emailDomainAllowed(email.data, domains)) return error(MSG.domainNotAllowed(domains));
  let studentId: string | null = null;
  if (role === "student") {
    const parsed = studentIdSchema.safeParse(rawStudentId);
    if (!parsed.success) return error(parsed.error.issues[0].message);
    studentId = parsed.data;
  }
  return { ...base, name: name.data, email: email.data, studentId, key: email.data, status: "new" };
}

/** Who already has these emails (one statement on the unique index) and these student IDs, in any case. */
async function existing(db: Db, rows: Checked[]) {
  const byEmail = await selectEmailOwners(
    db,
    rows.map((r) => r.key),
  );
  return {
    emails: new Map(byEmail.map((r) => [r.email, r])),
    studentIds: new Set(
      (
        await studentIdOwners(
          db,
          rows.flatMap((r) => (r.studentId ? [r.studentId] : [])),
        )
      ).map((o) => o.key),
    ),
  };
}

/** Every row's result: an error, a duplicate of an earlier line, an existing account, or new. */
async function judge(
  db: Db,
  csv: CsvRow[],
  role: ImportRole,
  domains: readonly string[],
): Promise<Checked[]> {
  const rows = csv.map((r) => checkRow(r, role, domains));
  const firstEmail = new Map<string, number>();
  const firstStudentId = new Map<string, number>();
  for (const row of rows) {
    if (row.status === "error") continue;
    const earlier =
      firstEmail.get(row.key) ??
      (row.studentId ? firstStudentId.get(studentIdKey(row.studentId)) : undefined);
    if (earlier !== undefined) {
      Object.assign(row, { status: "error", message: MSG.importRowDuplicate(earlier) });
      continue;
    }
    firstEmail.set(row.key, row.line);
    if (row.studentId) firstStudentId.set(studentIdKey(row.studentId), row.line);
  }
  const valid = rows.filter((r) => r.status === "new");
  if (!valid.length) return rows;
  const found = await existing(db, valid);
  for (const row of valid) {
    const account = found.emails.get(row.key);
    if (account) {
      const other = account.role === role ? undefined : account.role;
      Object.assign(row, { status: "exists", message: MSG.importRowExists(other) });
      continue;
    }
    if (row.studentId && found.studentIds.has(studentIdKey(row.studentId)))
      Object.assign(row, { status: "error", message: MSG.importRowStudentIdTaken });
    else row.message = MSG.importRowNew;
  }
  return rows;
}

/**
 * Creates every new row in one statement, in one transaction: the users, their password links
 * (valid seven days) and the emails that carry them. A unique index refusing a row means someone
 * took an email or student ID since the check: the whole import is undone (409).
 */
async function createAll(db: Db, rows: Checked[], role: ImportRole, ctx: ActionContext) {
  const expiresAt = new Date(ctx.now.getTime() + LINK_SECONDS.set * 1000);
  const input = await Promise.all(
    rows.map(async (r): Promise<ImportedPerson> => {
      const token = newToken();
      const email = emails.setPassword(passwordLinkUrl(ctx.publicUrl, token, "set"), {
        role: ROLE_WORDS[role],
        by: ctx.by.name,
      })({ name: r.name });
      return {
        name: r.name,
        email: r.email,
        student_id: r.studentId,
        identifier: await tokenIdentifier(token),
        subject: email.subject,
        body: email.body,
        kind: email.kind,
      };
    }),
  );
  try {
    await transaction(db, async (tx) => {
      await insertImported(tx, role, input, expiresAt);
      await recordActivity(tx, {
        at: ctx.now,
        actorId: ctx.by.id,
        kind: "account",
        action: "import",
        note: `${rows.length} ${role === "student" ? "students" : "teachers"} imported`,
      });
    });
  } catch (err) {
    if (pgErrorCode(err) === PG.uniqueViolation) throw new ConflictError(MSG.importRaced);
    throw err;
  }
}

/**
 * POST /api/users/import: a dry run (the default) reports every row; an import refuses the whole
 * file when any row has an error, else creates every new row at once and skips the existing.
 */
export async function importPeople(
  db: Db,
  input: { role: ImportRole; dryRun: boolean; csv: string; allowedEmailDomains: readonly string[] },
  ctx: ActionContext,
): Promise<ImportResult> {
  const rows = await judge(db, readImportCsv(input.csv, input.role), input.role, input.allowedEmailDomains);
  const counts = { new: 0, exists: 0, error: 0 };
  for (const r of rows) counts[r.status]++;
  const result = rows.map(({ key: _key, ...row }) => row);
  if (input.dryRun) return { rows: result, imported: false, counts };
  if (counts.error) throw fieldError("file", MSG.importHasErrors(counts.error));
  const fresh = rows.filter((r) => r.status === "new");
  if (fresh.length) await createAll(db, fresh, input.role, ctx);
  return { rows: result, imported: true, counts };
}
