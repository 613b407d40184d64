/**
 * Loads data into the configured database (DATABASE_URL, else PGlite in DATA_DIR).
 *   npm run seed -- --demo
 *   npm run seed -- --students 20000 --supervisors 200 --cells 20 [--proposals N] [--force]
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { openConfiguredDatabase } from "./lib/open-db";
import { analyze, seedVolume, userCount } from "./lib/seed-core";
import { DEMO_PASSWORD, seedDemo } from "./lib/seed-demo";

const USAGE = `Usage:
  npm run seed -- --demo [--force]
  npm run seed -- --students N --supervisors N --cells N [--proposals N] [--notices N] [--messages N] [--password P] [--force]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      demo: { type: "boolean" },
      force: { type: "boolean" },
      students: { type: "string" },
      supervisors: { type: "string" },
      cells: { type: "string" },
      proposals: { type: "string" },
      notices: { type: "string" },
      messages: { type: "string" },
      password: { type: "string" },
    },
    strict: true,
  }));
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`);
}

const count = (name: string, fallback: number) => {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000)
    fail(`--${name} must be a whole number from 0 to 1,000,000.`);
  return n;
};

const volume =
  values.students !== undefined || values.supervisors !== undefined || values.cells !== undefined;
if (!values.demo && !volume) fail(USAGE);

class Refused extends Error {}
const refuse = (message: string): never => {
  throw new Refused(message);
};

const students = count("students", 0);
const volumeOptions = {
  students,
  supervisors: count("supervisors", 0),
  cells: count("cells", 0),
  proposals: count("proposals", Math.floor(students / 2)),
  noticesPerGroup: count("notices", 1),
  messagesPerGroup: count("messages", 2),
  password: String(values.password ?? "thesisdesk-seed"),
  tag: randomBytes(3).toString("hex"),
};
if (volumeOptions.password.length < 8) fail("--password must be at least 8 characters.");

const database = await openConfiguredDatabase();
try {
  const existing = await userCount(database.db);
  if (existing > 0 && !values.force) {
    refuse(
      `The database already holds ${existing} accounts. Seeding would mix test data with real data; add --force if that is what you want.`,
    );
  }
  const started = Date.now();
  if (values.demo) {
    if (existing > 0) refuse("--demo needs an empty database (its logins would collide).");
    const { logins } = await seedDemo(database.db);
    console.log(`Demo department loaded. Every account's password is: ${DEMO_PASSWORD}\n`);
    for (const l of logins) console.log(`  ${l.role.padEnd(10)} ${l.email.padEnd(42)} ${l.name}`);
  } else {
    const result = await seedVolume(database.db, volumeOptions);
    await analyze(database.db);
    console.log(
      `Seeded ${result.students} students, ${result.supervisors} supervisors, ${result.cells} cells, ` +
        `${result.proposals} proposals (${result.activeProposals} active), ${result.notices} notices, ${result.messages} messages ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s. Password for every account: ${volumeOptions.password}`,
    );
    if (result.sample.student)
      console.log(`  e.g. student ${result.sample.student}, supervisor ${result.sample.supervisor}`);
  }
} catch (err) {
  if (!(err instanceof Refused)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
