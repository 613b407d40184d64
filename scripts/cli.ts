/**
 * ThesisDesk command line.
 *   npm run cli -- create-user --role committee --name "Ada Lovelace" --email ada@uni.edu --password "…"
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { AppError } from "../server/src/lib/errors";
import { createAccount } from "../server/src/modules/accounts/accounts.service";
import { ROLES } from "../shared/src/enums";
import { LIMITS } from "../shared/src/limits";
import { emailSchema, newPasswordSchema, requiredText } from "../shared/src/schemas/common";
import { openConfiguredDatabase } from "./lib/open-db";

const USAGE = `Usage:
  npm run cli -- create-user --role <committee|supervisor|student> --name <name> --email <email> --password <password> [--student-id <id>]`;

const createUserSchema = z
  .object({
    role: z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(", ")}.` }),
    name: requiredText("Name", LIMITS.nameMax),
    email: emailSchema,
    password: newPasswordSchema,
    "student-id": z.string().trim().max(LIMITS.studentIdMax).optional(),
  })
  .refine((v) => v.role !== "student" || !!v["student-id"], {
    message: "Student ID is required for students (--student-id).",
    path: ["student-id"],
  });

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function createUser(args: string[]) {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        role: { type: "string" },
        name: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        "student-id": { type: "string" },
      },
      strict: true,
    }));
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  const parsed = createUserSchema.safeParse(values);
  if (!parsed.success) {
    fail(`${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n")}\n${USAGE}`);
  }
  const input = parsed.data;
  const database = await openConfiguredDatabase();
  try {
    const user = await createAccount(database.db, {
      role: input.role,
      name: input.name,
      email: input.email,
      password: input.password,
      studentId: input.role === "student" ? input["student-id"] : null,
    });
    console.log(`Created ${user.role} account for ${user.name} <${user.email}> (id ${user.id}).`);
  } catch (err) {
    if (err instanceof AppError) fail(err.message);
    throw err;
  } finally {
    await database.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === "create-user") await createUser(rest);
else fail(command ? `Unknown command: ${command}\n${USAGE}` : USAGE);
