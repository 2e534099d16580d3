import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CHARGER_LIST_FIELDS,
  type ListChargersResponse,
  type ListedConnector,
  type listChargersRequest,
} from '@evc/contract';
import { KNOWN_PERMISSIONS, isTariffFree, permissionsOfRoles } from '@evc/domain';
import type { z } from 'zod';
import type { Bus } from '../../platform/bus/bus.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { EncodedAnswer } from '../../platform/http/encoded-answer.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import {
  deflateSegment,
  gzipOfSegments,
  plainOfSegments,
  type DeflatedSegment,
} from '../../platform/http/segmented-gzip.ts';
import type { UserRepository } from '../users/repository.ts';
import type { ChargerChange, ChargerRepository, ListedChargerRow } from './repository.ts';

type ListChargersInput = z.output<typeof listChargersRequest>;

/** Every column of the list for every public charger, entry i of each being charger i. */
type ChargerColumns = Required<Omit<ListChargersResponse, 'count'>>;
type Column = keyof ChargerColumns;

/** Charger changes heard from every node, so each node's list follows writes made on others. */
export const CHARGER_LIST_SUBJECT = 'charger.list.changed';
type ChargerListNotice = ChargerChange & { node: string };

export interface ChargerListDeps {
  chargers: ChargerRepository;
  users: UserRepository;
  /** Carries this node's changes to the other nodes' lists, and theirs to this one. */
  bus?: Bus;
  now?: () => number;
  /**
   * Read the whole list again when it is older than this (unset: never). With several nodes it
   * bounds how long a change notice lost on the bus (during a reconnect) can leave a list behind.
   */
  maxAgeMs?: number;
  /** Rows per query while the list is read again; between pages the node serves other calls. */
  pageSize?: number;
  /** Chargers per compressed chunk of a column: a status change compresses one chunk again. */
  chunkRows?: number;
  log?: { warn: (details: object, message: string) => void };
}

/** Few variants are asked in practice (the app sends one); this bounds odd callers. */
const MAX_VARIANTS = 8;
/** Chargers read again per query when patching the list. */
const PATCH_BATCH = 1000;
const PAGE_PAUSE_MS = 5;

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

/** One charger's entry in each column. */
function entriesOf(row: ListedChargerRow): { [C in Column]: ChargerColumns[C][number] } {
  return {
    barcode: row.barcode,
    name: row.name,
    lat: roundCoordinate(row.lat),
    lon: roundCoordinate(row.lon),
    address: row.address,
    city: row.city,
    post_code: row.postCode,
    online: row.online,
    free: isFree(row),
    // Types and statuses are written only through the contract's enums and OCPP's statuses.
    connectors: (row.connectors ?? []) as ListedConnector[],
  };
}

const COLUMNS: readonly Column[] = ['barcode', ...CHARGER_LIST_FIELDS, 'connectors'];

/** The public chargers as columns, and where each charger's entries are. */
interface Table {
  rows: number;
  index: Map<string, number>;
  columns: ChargerColumns;
}

function tableOf(rows: ListedChargerRow[]): Table {
  const columns = Object.fromEntries(COLUMNS.map((column) => [column, []])) as unknown as {
    [C in Column]: unknown[];
  };
  const index = new Map<string, number>();
  rows.forEach((row, at) => {
    index.set(row.id, at);
    const entries = entriesOf(row);
    for (const column of COLUMNS) columns[column].push(entries[column]);
  });
  return { rows: rows.length, index, columns: columns as ChargerColumns };
}

/** Entries of one charger that changed, found by comparing them as JSON. */
interface RowChange {
  at: number;
  columns: Set<Column>;
}

function patch(table: Table, row: ListedChargerRow, at: number): RowChange | null {
  const entries = entriesOf(row);
  const changed = new Set<Column>();
  for (const column of COLUMNS) {
    const list: unknown[] = table.columns[column];
    if (JSON.stringify(list[at]) === JSON.stringify(entries[column])) continue;
    list[at] = entries[column];
    changed.add(column);
  }
  return changed.size > 0 ? { at, columns: changed } : null;
}

/** What a request asks for; requests differing only in the order of their lists ask the same. */
interface Variant {
  key: string;
  onlineOnly: boolean;
  /** `barcode` first, then the fields, then `connectors` when populated. */
  columns: Column[];
}

function variantOf(input: ListChargersInput): Variant {
  const fields = new Set<Column>(input.field_filter ?? CHARGER_LIST_FIELDS);
  if (input.populate.includes('connectors')) fields.add('connectors');
  const columns = COLUMNS.filter((column) => column === 'barcode' || fields.has(column));
  const onlineOnly = !input.toggles.offline;
  return { key: JSON.stringify([onlineOnly, columns]), onlineOnly, columns };
}

/** Columns a status report or a connection changes; every other changes only on a new read. */
const LIVE_COLUMNS: ReadonlySet<Column> = new Set<Column>(['online', 'connectors']);

/**
 * One variant of the answer kept as compressed segments: a head with the count, then each
 * column. Columns that live changes touch are cut into chunks of `chunkRows` chargers, each
 * compressed on its own, so a status change compresses one chunk again; the others are one
 * segment each, which compresses best (a variant of online chargers only chunks every column,
 * since a charger coming online adds an entry to each). The gzip answer is pieced together from
 * the segments (see segmented-gzip.ts).
 */
class VariantEncoding {
  private head!: DeflatedSegment;
  /** [column][segment] */
  private readonly segments: DeflatedSegment[][] = [];
  /** Row numbers each chunk answers (all of its rows, or its online ones). */
  private readonly picked: number[][] = [];
  private answer: EncodedAnswer<ListChargersResponse> | null = null;

  private constructor(
    readonly variant: Variant,
    private readonly table: Table,
    private readonly chunkRows: number,
  ) {}

  static async of(variant: Variant, table: Table, chunkRows: number): Promise<VariantEncoding> {
    const encoding = new VariantEncoding(variant, table, chunkRows);
    const chunks = Math.max(1, Math.ceil(table.rows / chunkRows));
    for (let chunk = 0; chunk < chunks; chunk += 1) encoding.picked.push(encoding.pick(chunk));
    encoding.head = await encoding.encodeHead();
    // A column at a time, so that calls served meanwhile get the event loop between them.
    for (const [column] of variant.columns.entries()) {
      const count = encoding.chunked(column) ? chunks : 1;
      encoding.segments.push(
        await Promise.all(
          Array.from({ length: count }, (_, segment) => encoding.encode(column, segment)),
        ),
      );
    }
    return encoding;
  }

  private chunked(column: number): boolean {
    return this.variant.onlineOnly || LIVE_COLUMNS.has(this.variant.columns[column] as Column);
  }

  private pick(chunk: number): number[] {
    const rows: number[] = [];
    const end = Math.min(this.table.rows, (chunk + 1) * this.chunkRows);
    for (let at = chunk * this.chunkRows; at < end; at += 1) {
      if (!this.variant.onlineOnly || this.table.columns.online[at]) rows.push(at);
    }
    return rows;
  }

  private count(): number {
    return this.picked.reduce((sum, rows) => sum + rows.length, 0);
  }

  private encodeHead(): Promise<DeflatedSegment> {
    return deflateSegment(`{"data":{"count":${this.count()}`);
  }

  /** A chunk's entries go after a comma when an earlier chunk answers any. */
  private commaBefore(chunk: number): boolean {
    return this.picked.slice(0, chunk).some((rows) => rows.length > 0);
  }

  /** Segment `segment` of a column: one chunk, or the whole column when it is not chunked. */
  private encode(column: number, segment: number): Promise<DeflatedSegment> {
    const name = this.variant.columns[column] as Column;
    const list: unknown[] = this.table.columns[name];
    const whole = !this.chunked(column);
    const rows = whole ? this.picked.flat() : (this.picked[segment] ?? []);
    const first = whole || segment === 0;
    const last = whole || segment === this.picked.length - 1;
    const entries = JSON.stringify(rows.map((at) => list[at])).slice(1, -1);
    return deflateSegment(
      (first ? `,"${name}":[` : '') +
        (entries && !whole && this.commaBefore(segment) ? ',' : '') +
        entries +
        (last ? ']' : '') +
        (last && column === this.variant.columns.length - 1 ? '}}' : ''),
    );
  }

  /** Compresses again what `changes` (patched into the table) altered in this variant. */
  async update(changes: RowChange[]): Promise<void> {
    const dirty = new Map<number, Set<number>>();
    const mark = (column: number, chunk: number) => {
      const set = dirty.get(column) ?? new Set<number>();
      set.add(this.chunked(column) ? chunk : 0);
      dirty.set(column, set);
    };
    const columns = this.variant.columns.map((_, column) => column);
    const picking = new Set<number>();
    for (const change of changes) {
      const chunk = Math.floor(change.at / this.chunkRows);
      if (this.variant.onlineOnly && change.columns.has('online')) picking.add(chunk);
      for (const column of columns) {
        if (picking.has(chunk) || change.columns.has(this.variant.columns[column] as Column)) {
          mark(column, chunk);
        }
      }
    }
    if (picking.size > 0) {
      const commasBefore = this.picked.map((_, chunk) => this.commaBefore(chunk));
      for (const chunk of picking) this.picked[chunk] = this.pick(chunk);
      this.picked.forEach((_, chunk) => {
        if (this.commaBefore(chunk) === commasBefore[chunk]) return;
        for (const column of columns) mark(column, chunk);
      });
    }
    const work = [...dirty].flatMap(([column, list]) =>
      [...list].map(async (segment) => {
        const encoded = await this.encode(column, segment);
        return () => {
          (this.segments[column] as DeflatedSegment[])[segment] = encoded;
        };
      }),
    );
    const head = picking.size > 0 ? this.encodeHead() : null;
    const replace = await Promise.all(work);
    for (const apply of replace) apply();
    if (head) this.head = await head;
    if (replace.length > 0 || head) this.answer = null;
  }

  current(): EncodedAnswer<ListChargersResponse> {
    if (!this.answer) {
      const segments = [this.head, ...this.segments.flat()];
      this.answer = EncodedAnswer.ofGzip(gzipOfSegments(segments), () => plainOfSegments(segments));
    }
    return this.answer;
  }
}

/**
 * spec 000 §7 /listChargers: the public chargers as columns, read once and then kept current.
 * A connector status or an online flag that changes patches the list in place (that charger is
 * read again and only its chunks are compressed again); a charger added, changed or removed has
 * the whole list read again in the background while the previous answer is served. Changes come
 * from every write on this node and, through the bus, from the other nodes.
 */
export function createChargerList(deps: ChargerListDeps) {
  const now = deps.now ?? Date.now;
  const pageSize = deps.pageSize ?? 5000;
  const chunkRows = deps.chunkRows ?? 4096;
  const node = randomUUID();

  let table: Table | undefined;
  let builtAt = 0;
  let encodings = new Map<string, VariantEncoding>();
  /** Chargers whose live state changed since the list last read them. */
  const pendingLive = new Set<string>();
  /** Moves on with every change that needs the whole list read again. */
  let listingVersion = 0;
  let rebuilding = false;
  let rebuildFailed = false;
  /** Live changes heard from the start of a read until it is served: it may predate them. */
  let heardDuringRead: Set<string> | null = null;
  let closed = false;

  // Table and encodings change one step at a time; each call sees them whole.
  let queue: Promise<unknown> = Promise.resolve();
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  async function readTable(): Promise<{ table: Table; heard: Set<string> }> {
    const heard = new Set<string>();
    heardDuringRead = heard;
    try {
      const rows: ListedChargerRow[] = [];
      for (;;) {
        const page = await deps.chargers.listPublic({
          after: rows.at(-1)?.barcode,
          limit: pageSize,
        });
        rows.push(...page);
        if (page.length < pageSize) break;
        // PGlite runs a query on this thread: a pause between pages lets calls waiting on the
        // event loop (served the previous list meanwhile) through before the next page.
        await sleep(PAGE_PAUSE_MS);
      }
      return { table: tableOf(rows), heard };
    } catch (error) {
      if (heardDuringRead === heard) heardDuringRead = null;
      throw error;
    }
  }

  /** Serves a new read from now on; what was heard since it began is read again at the next call. */
  function adopt(read: { table: Table; heard: Set<string> }) {
    table = read.table;
    builtAt = now();
    for (const id of read.heard) pendingLive.add(id);
    if (heardDuringRead === read.heard) heardDuringRead = null;
  }

  function rebuild(): void {
    if (!table || rebuilding || closed) return;
    rebuilding = true;
    rebuildFailed = false;
    void (async () => {
      let version: number;
      do {
        version = listingVersion;
        const read = await readTable();
        const fresh = new Map<string, VariantEncoding>();
        for (const [key, encoding] of encodings) {
          fresh.set(key, await VariantEncoding.of(encoding.variant, read.table, chunkRows));
        }
        await serially(() => {
          adopt(read);
          encodings = fresh;
          return Promise.resolve();
        });
      } while (version !== listingVersion && !closed);
    })()
      .catch((error: unknown) => {
        rebuildFailed = true;
        if (!closed) deps.log?.warn({ error }, 'the charger list could not be read again');
      })
      .finally(() => {
        rebuilding = false;
      });
  }

  function hear(change: ChargerChange) {
    if (change.scope === 'live') {
      pendingLive.add(change.chargerId);
      heardDuringRead?.add(change.chargerId);
    } else {
      listingVersion += 1;
      rebuild();
    }
  }

  /** Reads again the chargers whose live state changed and patches them in. */
  async function applyLive(current: Table): Promise<void> {
    if (pendingLive.size === 0) return;
    const ids = [...pendingLive];
    pendingLive.clear();
    const rows: ListedChargerRow[] = [];
    try {
      for (let start = 0; start < ids.length; start += PATCH_BATCH) {
        rows.push(
          ...(await deps.chargers.listPublic({ ids: ids.slice(start, start + PATCH_BATCH) })),
        );
      }
    } catch (error) {
      for (const id of ids) pendingLive.add(id);
      throw error;
    }
    const changes: RowChange[] = [];
    let listingChanged = false;
    for (const row of rows) {
      const at = current.index.get(row.id);
      if (at === undefined) listingChanged = true;
      else {
        const change = patch(current, row, at);
        if (change) changes.push(change);
      }
    }
    const found = new Set(rows.map((row) => row.id));
    // A charger gone from the public list, or one new to it: the rows themselves move.
    if (ids.some((id) => !found.has(id) && current.index.has(id))) listingChanged = true;
    if (listingChanged) hear({ scope: 'listing', chargerId: null });
    if (changes.length === 0) return;
    for (const encoding of encodings.values()) await encoding.update(changes);
  }

  const stopWatching = deps.chargers.watch((change) => {
    hear(change);
    deps.bus?.publish(CHARGER_LIST_SUBJECT, { ...change, node } satisfies ChargerListNotice);
  });
  const stopHearing = deps.bus?.subscribe(CHARGER_LIST_SUBJECT, (event) => {
    const notice = event as ChargerListNotice;
    if (notice.node !== node) hear(notice);
  });

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
      const variant = variantOf(input);
      return serially(async () => {
        if (!table) {
          const version = listingVersion;
          adopt(await readTable());
          if (version !== listingVersion) rebuild();
        }
        const current = table as Table;
        const stale = deps.maxAgeMs !== undefined && now() - builtAt >= deps.maxAgeMs;
        if (stale || rebuildFailed) rebuild();
        await applyLive(current);
        let encoding = encodings.get(variant.key);
        if (!encoding) {
          if (encodings.size >= MAX_VARIANTS) encodings.clear();
          encoding = await VariantEncoding.of(variant, current, chunkRows);
          encodings.set(variant.key, encoding);
        }
        return encoding.current();
      });
    },

    /** Stops following changes (the app is closing). */
    close(): void {
      closed = true;
      stopWatching();
      stopHearing?.();
    },
  };
}

export type ChargerList = ReturnType<typeof createChargerList>;
