import { CliError, parseCliArgs } from './cli-args.ts';
import { createPasswordHasher, type PasswordHasher } from '../platform/passwords.ts';
import { createOperatorAccount, OperatorAccountError } from '../modules/users/operator-accounts.ts';
import { ConfigError, loadConfig, NO_DEMO, type AppConfig } from '../platform/config.ts';
import { openConfiguredDatabase, type Database } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import { seed } from '../seed.ts';

export const OPERATOR_CLI_USAGE = `Usage: npm run operator -- create --email EMAIL [--first-name NAME] [--last-name NAME] [--role operator|support]

Creates an operator account (provisions chargers, acts as support), or with --role support a
support staff account (uses the support console; must set up multi-factor authentication at
first sign-in), in the database the server
uses: DATABASE_URL, or the embedded one under DATA_DIR (stop the server first: the embedded
database has one user at a time). The password is asked on the terminal, twice, and not shown;
without a terminal it is read from the first line of standard input.
`;

export interface OperatorCliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** Where a relative DATA_DIR starts. */
  cwd: string;
  /** Asks for a secret without showing it; answers undefined when there is nothing to read. */
  readSecret: (prompt: string) => Promise<string | undefined>;
  /** Whether a person is there to type the password twice. */
  interactive: boolean;
  openDatabase?: (config: AppConfig) => Promise<Database>;
  passwords?: PasswordHasher;
}

/** A failure the operator can act on: printed as it is, with a non-zero exit code. */

const options = {
  email: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  role: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function askPassword(io: OperatorCliIo): Promise<string> {
  const password = await io.readSecret('Password: ');
  if (!password) throw new CliError('No password given');
  if (io.interactive && (await io.readSecret('Password again: ')) !== password) {
    throw new CliError('The two passwords differ');
  }
  return password;
}

/** `npm run operator -- …`: creates the first (or another) operator account. Answers the exit code. */
export async function runOperatorCli(argv: readonly string[], io: OperatorCliIo): Promise<number> {
  try {
    const { values: flags, positionals } = parseCliArgs(argv, options, OPERATOR_CLI_USAGE);
    const [command, ...extra] = positionals;
    if (flags.help || !command) {
      io.stdout(OPERATOR_CLI_USAGE);
      return flags.help ? 0 : 2;
    }
    if (command !== 'create')
      throw new CliError(`Unknown command ${command}\n\n${OPERATOR_CLI_USAGE}`);
    if (extra.length > 0) throw new CliError(`Unexpected: ${extra.join(' ')}`);
    if (!flags.email) throw new CliError('create needs --email');
    const role = flags.role ?? 'operator';
    if (role !== 'operator' && role !== 'support')
      throw new CliError(`--role is operator or support, not ${role}`);

    const config = await loadConfig(io.env, io.cwd);
    const password = await askPassword(io);
    const passwords = io.passwords ?? createPasswordHasher();
    const database = await (io.openDatabase ?? openConfiguredDatabase)(config);
    try {
      await migrate(database);
      // Reference data only: an operator account needs its language, currency and country.
      await seed(database, passwords, NO_DEMO);
      const created = await createOperatorAccount(database.db, passwords, {
        email: flags.email,
        password,
        ...(flags['first-name'] ? { firstName: flags['first-name'] } : {}),
        ...(flags['last-name'] ? { lastName: flags['last-name'] } : {}),
        role,
      });
      io.stdout(
        `${role === 'support' ? 'Support' : 'Operator'} account created: ${created.email}\n`,
      );
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    const actionable =
      error instanceof CliError ||
      error instanceof ConfigError ||
      error instanceof OperatorAccountError;
    if (!actionable) throw error;
    io.stderr(`${error.message}\n`);
    return 1;
  }
}
