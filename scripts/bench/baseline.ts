/**
 * The ceilings the benchmark compares against, in a process of their own (PostgreSQL only):
 *   GET /const → constant JSON (the HTTP ceiling of this machine)
 *   GET /pk    → one primary-key SELECT on the same database (the one-query ceiling)
 */
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { openDatabase } from "../../server/src/db/client";
import { users } from "../../server/src/db/schema";

const port = Number(process.env.PORT ?? 3901);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const database = await openDatabase({ databaseUrl, poolSize: 10 });
const ids = (await database.db.select({ id: users.id }).from(users).limit(1000)).map((r) => r.id);
let i = 0;

const app = Fastify({ logger: false });
app.get("/const", async () => ({ ok: true, name: "ThesisDesk" }));
app.get("/pk", async () => {
  const id = ids[i++ % ids.length];
  const [row] = await database.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, id));
  return row;
});
await app.listen({ port, host: "127.0.0.1" });
console.log("ready");

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
