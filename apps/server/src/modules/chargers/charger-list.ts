import {
  CHARGER_LIST_FIELDS,
  type ListChargersResponse,
  type ListedConnector,
  type listChargersRequest,
} from '@evc/contract';
import { KNOWN_PERMISSIONS, isTariffFree, permissionsOfRoles } from '@evc/domain';
import type { z } from 'zod';
import { AppError, validationError } from '../../platform/errors.ts';
import { EncodedAnswer } from '../../platform/http/encoded-answer.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { UserRepository } from '../users/repository.ts';
import type { ChargerRepository, ListedChargerRow } from './repository.ts';

type ListChargersInput = z.output<typeof listChargersRequest>;

/** Every column of the list for every public charger, entry i of each being charger i. */
type ChargerColumns = Required<Omit<ListChargersResponse, 'count'>>;

export interface ChargerListDeps {
  chargers: ChargerRepository;
  users: UserRepository;
  now?: () => number;
  /**
   * How old a list may grow before it is read again in the background. Writes in this process
   * bump the repository's version and are seen at once; the age bounds how long another node's
   * writes (several processes on one PostgreSQL) take to show.
   */
  maxAgeMs?: number;
}

const roundCoordinate = (value: number) => Math.round(value * 1e5) / 1e5;

function isFree({ free }: ListedChargerRow): boolean {
  if (typeof free === 'boolean') return free;
  return isTariffFree({
    standard_rate: free.standard_rate ?? 0,
    alternate_rate: free.alternate_rate,
    connection_cost: free.connection_cost ?? 0,
    costperperiod: free.costperperiod ?? 0,
    overstaycostperperiod: free.overstaycostperperiod ?? 0,
    // Whether a variable tariff is free depends only on which rates occur in its week, so its
    // distinct rates stand in for the 336 half-hours.
    variability: free.period_rates
      ? {
          twentyfourseven: true,
          regular_hours: [
            {
              weekday: 1,
              periods: free.period_rates.map((rate) => ({ standard_rate: rate, available: true })),
            },
          ],
        }
      : null,
  });
}

function toColumns(rows: ListedChargerRow[]): ChargerColumns {
  return {
    barcode: rows.map((row) => row.barcode),
    name: rows.map((row) => row.name),
    lat: rows.map((row) => roundCoordinate(row.lat)),
    lon: rows.map((row) => roundCoordinate(row.lon)),
    address: rows.map((row) => row.address),
    city: rows.map((row) => row.city),
    post_code: rows.map((row) => row.postCode),
    online: rows.map((row) => row.online),
    free: rows.map(isFree),
    // Types and statuses are written only through the contract's enums and OCPP's statuses.
    connectors: rows.map((row) => (row.connectors ?? []) as ListedConnector[]),
  };
}

function pick<T>(column: T[], indices: number[] | null): T[] {
  return indices ? indices.map((index) => column[index] as T) : column;
}

function answerFor(all: ChargerColumns, input: ListChargersInput): ListChargersResponse {
  const indices = input.toggles.offline
    ? null
    : all.online.flatMap((online, index) => (online ? [index] : []));
  const answer: ListChargersResponse = {
    count: indices ? indices.length : all.barcode.length,
    barcode: pick(all.barcode, indices),
  };
  for (const field of input.field_filter ?? CHARGER_LIST_FIELDS) {
    const column: unknown[] = all[field];
    Object.assign(answer, { [field]: pick(column, indices) });
  }
  if (input.populate.includes('connectors')) answer.connectors = pick(all.connectors, indices);
  return answer;
}

/** Requests that differ only in the order of their lists get the same answer. */
const variantOf = (input: ListChargersInput) =>
  JSON.stringify([
    input.toggles.offline,
    [...new Set(input.field_filter ?? CHARGER_LIST_FIELDS)].sort(),
    [...new Set(input.populate)].sort(),
  ]);

/** Few variants are asked in practice (the app sends one); this bounds odd callers. */
const MAX_VARIANTS = 16;

/**
 * spec 000 §7 /listChargers: the public chargers as columns. The columns come from one query;
 * each variant of the request (offline toggle, fields, populate) is then serialised and
 * compressed once and sent as bytes until a charger or connector is written, so repeated lists
 * cost almost nothing.
 */
export function createChargerList(deps: ChargerListDeps) {
  const now = deps.now ?? Date.now;
  const maxAgeMs = deps.maxAgeMs ?? 30_000;
  interface Built {
    version: number;
    builtAt: number;
    columns: Promise<ChargerColumns>;
    answers: Map<string, Promise<EncodedAnswer<ListChargersResponse>>>;
  }
  let cache: Built | undefined;
  let refreshing = false;

  function build(version: number): Built {
    return {
      version,
      builtAt: now(),
      columns: deps.chargers.listPublic().then(toColumns),
      answers: new Map(),
    };
  }

  /**
   * After a write here, callers wait for the new list (calls that arrive meanwhile share its one
   * query). Past `maxAgeMs` without one, the old list is served while a new one is read.
   */
  function current(): Built {
    const version = deps.chargers.dataVersion();
    if (!cache || cache.version !== version) {
      const fresh = build(version);
      cache = fresh;
      fresh.columns.catch(() => {
        if (cache === fresh) cache = undefined;
      });
      return fresh;
    }
    const served = cache;
    if (!refreshing && now() - served.builtAt >= maxAgeMs) {
      const next = build(version);
      refreshing = true;
      next.columns
        .then(() => {
          if (cache === served) cache = next;
        })
        .catch(() => undefined)
        .finally(() => {
          refreshing = false;
        });
    }
    return served;
  }

  async function requirePermission(auth: AuthContext, name: string): Promise<void> {
    if (!KNOWN_PERMISSIONS.includes(name)) {
      throw validationError('permission_name', `unknown permission ${name}`);
    }
    const user = await deps.users.findById(auth.userId);
    if (!user || !permissionsOfRoles(user.roles).includes(name)) {
      throw new AppError(403, 'PERMISSION_DENIED', `permission_name: you do not hold ${name}`);
    }
  }

  return {
    async list(
      auth: AuthContext,
      input: ListChargersInput,
    ): Promise<EncodedAnswer<ListChargersResponse>> {
      await requirePermission(auth, input.permission_name);
      const { columns, answers } = current();
      const variant = variantOf(input);
      let answer = answers.get(variant);
      if (!answer) {
        if (answers.size >= MAX_VARIANTS) answers.clear();
        answer = columns.then((all) => EncodedAnswer.of(answerFor(all, input)));
        answers.set(variant, answer);
        answer.catch(() => answers.delete(variant));
      }
      return answer;
    },
  };
}

export type ChargerList = ReturnType<typeof createChargerList>;
