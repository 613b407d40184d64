import path from "node:path";
import { ConfigError, loadConfig } from "../../server/src/config";
import {
  type Database,
  DatabaseInUseError,
  MigrationBlockedError,
  openDatabase,
} from "../../server/src/db/client";

/**
 * Opens the database the server would use (DATABASE_URL, else PGlite in DATA_DIR), or exits with a
 * message. `migrate: false` opens it as it is: a repair that a blocked migration asks for.
 */
export async function openConfiguredDatabase(options: { migrate?: boolean } = {}): Promise<Database> {
  try {
    const config = loadConfig();
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite"),
      poolSize: 4,
      migrate: options.migrate,
    });
  } catch (err) {
    if (
      err instanceof ConfigError ||
      err instanceof DatabaseInUseError ||
      err instanceof MigrationBlockedError
    ) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
