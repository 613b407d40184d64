/**
 * ThesisDesk command line.
 *   npm run cli -- create-user --role committee --name "Ada Lovelace" --email ada@uni.edu --password "…"
 *   npm run cli -- set-student-id --email ana@uni.edu --student-id 2021-CS-046
 *   npm run cli -- verify-allocation --term "Fall 2026"
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import type { Database } from "../server/src/db/client";
import { AppError } from "../server/src/lib/errors";
import { createAccount } from "../server/src/modules/accounts/accounts.service";
import { setStudentId } from "../server/src/modules/accounts/student-ids";
import { verifyCertificate } from "../server/src/modules/allocation/certificate.service";
import { ROLES } from "../shared/src/enums";
import { LIMITS } from "../shared/src/limits";
import { studentIdSchema } from "../shared/src/schemas/auth";
import { emailSchema, newPasswordSchema, shownText } from "../shared/src/schemas/common";
import { openConfiguredDatabase } from "./lib/open-db";

const USAGE = `Usage:
  npm run cli -- create-user --role <committee|supervisor|student> --name <name> --email <email> --password <password> [--student-id <id>]
  npm run cli -- set-student-id --email <email> --student-id <id>
  npm run cli -- verify-allocation --term <term name>`;

const createUserSchema = z
  .object({
    role: z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(", ")}.` }),
    name: shownText("Name", LIMITS.nameMax),
    email: emailSchema,
    password: newPasswordSchema,
    "student-id": studentIdSchema.optional(),
  })
  .refine((v) => v.role !== "student" || !!v["student-id"], {
    message: "Student ID is required for students (--student-id).",
    path: ["student-id"],
  });

const setStudentIdSchema = z.object({ email: emailSchema, "student-id": studentIdSchema });
const verifyAllocationSchema = z.object({
  term: z.string({ error: "Name the term (--term)." }).trim().min(1, "Name the term (--term)."),
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The command's options, checked by `schema`; a problem ends the process with the usage and exit 1. */
function options<T extends z.ZodType>(args: string[], names: string[], schema: T): z.output<T> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: Object.fromEntries(names.map((n) => [n, { type: "string" as const }])),
      strict: true,
    }) as { values: Record<string, string | undefined> });
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    fail(`${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n")}\n${USAGE}`);
  }
  return parsed.data;
}

/** Runs `work` on the configured database, closes it, and ends with exit 1 and the message of a refusal. */
async function withDatabase(options: { migrate?: boolean }, work: (db: Database["db"]) => Promise<string>) {
  const database = await openConfiguredDatabase(options);
  let refused: string | undefined;
  try {
    console.log(await work(database.db));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    refused = err.message;
  } finally {
    await database.close();
  }
  if (refused) fail(refused);
}

async function createUser(args: string[]) {
  const input = options(args, ["role", "name", "email", "password", "student-id"], createUserSchema);
  await withDatabase({}, async (db) => {
    const user = await createAccount(db, {
      role: input.role,
      name: input.name,
      email: input.email,
      password: input.password,
      studentId: input.role === "student" ? input["student-id"] : null,
    });
    return `Created ${user.role} account for ${user.name} <${user.email}> (id ${user.id}).`;
  });
}

async function setStudentIdCommand(args: string[]) {
  const input = options(args, ["email", "student-id"], setStudentIdSchema);
  // The database as it is, unmigrated: this is the fix a migration blocked by clashing student IDs asks for.
  await withDatabase({ migrate: false }, (db) => setStudentId(db, input.email, input["student-id"]));
}

/** Exit 0 when the published allocation matches its certificate, 1 (naming each difference) when not. */
async function verifyAllocationCommand(args: string[]) {
  const input = options(args, ["term"], verifyAllocationSchema);
  let ok = true;
  await withDatabase({}, async (db) => {
    const verdict = await verifyCertificate(db, input.term);
    ok = verdict.ok;
    return verdict.lines.join("\n");
  });
  if (!ok) process.exit(1);
}

const [command, ...rest] = process.argv.slice(2);
if (command === "create-user") await createUser(rest);
else if (command === "set-student-id") await setStudentIdCommand(rest);
else if (command === "verify-allocation") await verifyAllocationCommand(rest);
else fail(command ? `Unknown command: ${command}\n${USAGE}` : USAGE);
