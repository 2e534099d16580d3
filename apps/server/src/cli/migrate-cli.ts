import { CliError, parseCliArgs } from './cli-args.ts';
import { createPasswordHasher } from '../platform/passwords.ts';
import { ConfigError, loadConfig, NO_DEMO, type AppConfig } from '../platform/config.ts';
import { openConfiguredDatabase, type Database } from '../platform/db/database.ts';
import { migrate, migrationCheck } from '../platform/db/migrate.ts';
import { seed } from '../seed.ts';

export const MIGRATE_CLI_USAGE = `Usage: npm run migrate [-- --check]
       node apps/server/dist/cli/migrate.js [--check]

Applies the database migrations of this build, and its reference data (languages, currencies,
countries), to the database the server uses: DATABASE_URL, or the embedded one under DATA_DIR
(stop the server first: the embedded database has one user at a time). The first step of an
upgrade, before the nodes are restarted one at a time (docs/operations.md). Nodes running the
previous build keep working on the migrated database.

  --check   applies nothing; exit code 0 when every migration of this build is applied, 1 when
            some are not
`;

export interface MigrateCliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** Where a relative DATA_DIR starts. */
  cwd: string;
  openDatabase?: (config: AppConfig) => Promise<Database>;
  /** The migrations folder (tests give their own). */
  migrationsDir?: string;
}

const options = {
  check: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `npm run migrate`: brings the database to this build's schema. Answers the exit code. */
export async function runMigrateCli(argv: readonly string[], io: MigrateCliIo): Promise<number> {
  try {
    const { values: flags, positionals } = parseCliArgs(argv, options, MIGRATE_CLI_USAGE);
    if (flags.help) {
      io.stdout(MIGRATE_CLI_USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new CliError(`Unexpected: ${positionals.join(' ')}`);
    const config = await loadConfig(io.env, io.cwd);
    const database = await (io.openDatabase ?? openConfiguredDatabase)(config);
    try {
      if (flags.check) {
        const current = await migrationCheck(database, io.migrationsDir)().catch(() => false);
        io.stdout(
          current
            ? 'Every migration of this build is applied.\n'
            : 'Migrations of this build are not applied yet: run npm run migrate.\n',
        );
        return current ? 0 : 1;
      }
      const applied = await migrate(database, io.migrationsDir);
      await seed(database, createPasswordHasher(), NO_DEMO);
      io.stdout(
        applied.length === 0
          ? 'The database was already migrated; reference data is current.\n'
          : `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}\n`,
      );
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof CliError || error instanceof ConfigError)) throw error;
    io.stderr(`${error.message}\n`);
    return 1;
  }
}
