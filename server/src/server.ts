import path from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { MigrationBlockedError, openDatabase } from "./db/client";
import { issueSetupToken } from "./modules/setup/setup.service";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite"),
    poolSize: config.dbPoolSize,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      app.log.info("stopped cleanly");
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL",
    },
    "ThesisDesk is running",
  );

  const token = await issueSetupToken(app.db);
  if (token) {
    const url = `${config.publicUrl}/setup?token=${token}`;
    app.log.warn({ setupUrl: url }, "no committee account yet: open the setup URL to create the first one");
    console.log(
      `\n  No committee account exists yet. Create the first one at:\n\n    ${url}\n\n  or run: npm run cli -- create-user --role committee --name "…" --email … --password …\n`,
    );
  }
}

main().catch((err) => {
  // A migration blocked by data says what to fix in its own words; a stack would only bury them.
  console.error(err instanceof MigrationBlockedError ? err.message : err);
  process.exit(1);
});
