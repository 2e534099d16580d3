import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CliError, parseCliArgs } from './cli-args.ts';
import {
  callPath,
  calls,
  chargerInput,
  chargerPatch,
  errorBody,
  replaceEnergySuppliersRequest,
  type CallName,
  type CallResponse,
} from '@evc/contract';
import { API_VERSION, APP_VERSION, parseVersion } from '@evc/domain';
import type { z } from 'zod';

export const CHARGER_CLI_USAGE = `Usage: npm run charger -- <command> [options]

Commands:
  add --file charger.json        provision a charger (or give its fields as flags, below)
  list                           every charger
  show ID                        one charger
  update ID --file patch.json    change some fields of a charger (and/or the charger password:
                                 --password-ocpp SECRET, or --no-password)
  remove ID                      remove a charger
  suppliers --file list.json     replace the energy suppliers and plans the home tariff wizard
                                 lists: {"suppliers": [{"name", "plans": [{"name", "dayRateCost",
                                 "nightRate": {"cost", "start", "end"} or null}]}]}, pence per kWh

Options:
  --url URL            the server (default http://localhost:8080)
  --email EMAIL        an operator's e-mail (or EVC_OPERATOR_EMAIL)
  --password PASSWORD  the operator's password (or EVC_OPERATOR_PASSWORD)

Fields for add without --file:
  --chargePointId --barcode --name --address --city --post_code --country --lat --lon=-1.5
  --connector "1:Type 2:22" (repeat for each: number, type, power in kW)
  --standard_rate 0.45 --currency GBP [--connection_cost 50] [--home]
  --password-ocpp SECRET         the password the charger presents (HTTP Basic auth), or
  --no-password                  the charger connects without one (only with this flag)
`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** Where relative --file paths start. */
  cwd: string;
}

/** A failure the operator can act on: printed as it is, with a non-zero exit code. */

const options = {
  url: { type: 'string', default: 'http://localhost:8080' },
  email: { type: 'string' },
  password: { type: 'string' },
  file: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  chargePointId: { type: 'string' },
  barcode: { type: 'string' },
  name: { type: 'string' },
  address: { type: 'string' },
  city: { type: 'string' },
  post_code: { type: 'string' },
  country: { type: 'string' },
  lat: { type: 'string' },
  lon: { type: 'string' },
  connector: { type: 'string', multiple: true },
  standard_rate: { type: 'string' },
  currency: { type: 'string' },
  connection_cost: { type: 'string' },
  'password-ocpp': { type: 'string' },
  'no-password': { type: 'boolean' },
  home: { type: 'boolean' },
} as const;

type Flags = ReturnType<typeof parseCliArgs<typeof options>>['values'];

const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/** A charger from flags; the contract's schema then says what is missing or wrong. */
function chargerFromFlags(flags: Flags): unknown {
  return {
    chargePointId: flags.chargePointId,
    barcode: flags.barcode,
    name: flags.name,
    address: flags.address,
    city: flags.city,
    post_code: flags.post_code,
    country: flags.country,
    lat: number(flags.lat),
    lon: number(flags.lon),
    connectors: (flags.connector ?? []).map((text) => {
      const [connectornumber, type, maxPowerKw] = text.split(':');
      return { connectornumber: number(connectornumber), type, maxPowerKw: number(maxPowerKw) };
    }),
    tariff: {
      standard_rate: number(flags.standard_rate),
      currency: flags.currency,
      ...(flags.connection_cost !== undefined
        ? { connection_cost: number(flags.connection_cost) }
        : {}),
    },
    ...(flags.home !== undefined ? { home: flags.home } : {}),
  };
}

/**
 * The charger's password from --password-ocpp or --no-password, over what a file says: a
 * password, or none on purpose (for a patch, removing the one it had).
 */
function chargerPassword(flags: Flags, patch: boolean): object {
  if (flags['password-ocpp'] !== undefined && flags['no-password']) {
    throw new CliError('Give either --password-ocpp or --no-password, not both');
  }
  if (flags['password-ocpp'] !== undefined) return { password: flags['password-ocpp'] };
  if (flags['no-password']) return { ...(patch ? { password: null } : {}), allowNoPassword: true };
  return {};
}

function validated<S extends z.ZodType>(schema: S, value: unknown, what: string): z.input<S> {
  const result = schema.safeParse(value);
  if (result.success) return value as z.input<S>;
  const problems = result.error.issues.map(
    (issue) => `  ${issue.path.join('.') || what}: ${issue.message}`,
  );
  throw new CliError(`The ${what} is not valid:\n${problems.join('\n')}`);
}

async function readJson(file: string, cwd: string): Promise<unknown> {
  const full = path.resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch {
    throw new CliError(`Cannot read ${full}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CliError(`${full} is not JSON`);
  }
}

/** The operator API through the contract's catalogue: typed answers, the server's messages. */
function createClient(baseUrl: string) {
  let token: string | undefined;

  async function call<K extends CallName>(
    name: K,
    input: { body?: unknown; params?: Record<string, string> } = {},
  ): Promise<CallResponse<K>> {
    const definition = calls[name];
    const url = `${baseUrl.replace(/\/+$/, '')}/api${callPath(definition, input.params)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: definition.method,
        headers: {
          ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
      });
    } catch (error) {
      throw new CliError(
        `Cannot reach ${baseUrl}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`,
      );
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const failure = errorBody.safeParse(body);
      throw new CliError(
        failure.success
          ? `${failure.data.message} (${response.status} ${failure.data.code})`
          : `The server answered ${response.status}`,
      );
    }
    const answer = definition.response.safeParse((body as { data?: unknown } | undefined)?.data);
    if (!answer.success) throw new CliError(`Unexpected answer from the server to ${name}`);
    return answer.data as CallResponse<K>;
  }

  return {
    call,
    async signIn(email: string, password: string): Promise<void> {
      const version = parseVersion(API_VERSION);
      if (!version) throw new Error(`Not a version: ${API_VERSION}`);
      const answer = await call('login', {
        body: {
          name: email,
          password,
          apiVersion: {
            majorversion: version.major,
            minorversion: version.minor,
            patchversion: version.patch,
          },
          appVersion: APP_VERSION,
          uuid: 'charger-cli',
        },
      });
      if (!answer.user) {
        throw new CliError(
          answer.mfaStage
            ? 'This account signs in with a second factor; use an operator account without one'
            : (answer.message ?? 'Sign-in failed'),
        );
      }
      token = answer.user.token;
    },
  };
}

/** `npm run charger -- …`: the operator's charger commands. Answers the exit code. */
export async function runChargerCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values: flags, positionals } = parseCliArgs(argv, options, CHARGER_CLI_USAGE);
    const [command, id, ...extra] = positionals;
    if (flags.help || !command) {
      io.stdout(CHARGER_CLI_USAGE);
      return flags.help ? 0 : 2;
    }
    const needsId = command === 'show' || command === 'update' || command === 'remove';
    if (needsId && !id) throw new CliError(`${command} needs a charger id`);
    if (extra.length > 0 || (!needsId && id)) {
      throw new CliError(`Unexpected: ${[...(needsId ? [] : [id]), ...extra].join(' ')}`);
    }

    const client = createClient(flags.url);
    const signIn = async () => {
      const email = flags.email ?? io.env.EVC_OPERATOR_EMAIL;
      const password = flags.password ?? io.env.EVC_OPERATOR_PASSWORD;
      if (!email || !password) {
        throw new CliError(
          'An operator must sign in: give --email and --password (or EVC_OPERATOR_EMAIL and EVC_OPERATOR_PASSWORD)',
        );
      }
      await client.signIn(email, password);
    };
    const print = (value: unknown) => io.stdout(`${JSON.stringify(value, null, 2)}\n`);
    const params = { chargerid: id ?? '' };

    switch (command) {
      case 'add': {
        const input = flags.file ? await readJson(flags.file, io.cwd) : chargerFromFlags(flags);
        const body = validated(
          chargerInput,
          { ...(input as object), ...chargerPassword(flags, false) },
          'charger',
        );
        await signIn();
        print(await client.call('operatorCreateCharger', { body }));
        return 0;
      }
      case 'list':
        await signIn();
        print(await client.call('operatorListChargers'));
        return 0;
      case 'show':
        await signIn();
        print(await client.call('operatorGetCharger', { params }));
        return 0;
      case 'update': {
        const password = chargerPassword(flags, true);
        if (!flags.file && Object.keys(password).length === 0) {
          throw new CliError('update needs --file patch.json, --password-ocpp or --no-password');
        }
        const patch = flags.file ? await readJson(flags.file, io.cwd) : {};
        const body = validated(chargerPatch, { ...(patch as object), ...password }, 'patch');
        await signIn();
        print(await client.call('operatorUpdateCharger', { params, body }));
        return 0;
      }
      case 'remove':
        await signIn();
        print(await client.call('operatorDeleteCharger', { params }));
        return 0;
      case 'suppliers': {
        if (!flags.file) throw new CliError('suppliers needs --file list.json');
        const list = await readJson(flags.file, io.cwd);
        // A bare array is the list itself.
        const body = validated(
          replaceEnergySuppliersRequest,
          Array.isArray(list) ? { suppliers: list } : list,
          'supplier list',
        );
        await signIn();
        print(await client.call('operatorReplaceEnergySuppliers', { body }));
        return 0;
      }
      default:
        throw new CliError(`Unknown command ${command}\n\n${CHARGER_CLI_USAGE}`);
    }
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    io.stderr(`${error.message}\n`);
    return 1;
  }
}
