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
/** Chargers added, removed or moved beyond which the whole list is read again instead. */
const MAX_ROWS_MOVED = 256;
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
type ColumnLists = { [C in Column]: unknown[] };

/** A run of neighbouring chargers in the list: the unit its columns are compressed in. */
interface Chunk {
  /** Row number of its first charger. */
  start: number;
  size: number;
}

/** The public chargers as columns in barcode order, and where each charger's entries are. */
interface Table {
  ids: string[];
  index: Map<string, number>;
  columns: ChargerColumns;
  /** In list order, covering every row without gaps; one at least (empty when none is listed). */
  chunks: Chunk[];
}

function emptyTable(): Table {
  const columns = Object.fromEntries(COLUMNS.map((column) => [column, []])) as unknown;
  return { ids: [], index: new Map(), columns: columns as ChargerColumns, chunks: [] };
}

function appendRows(table: Table, rows: ListedChargerRow[]): void {
  const columns = table.columns as ColumnLists;
  for (const row of rows) {
    table.index.set(row.id, table.ids.length);
    table.ids.push(row.id);
    const entries = entriesOf(row);
    for (const column of COLUMNS) columns[column].push(entries[column]);
  }
}

function cutIntoChunks(table: Table, chunkRows: number): void {
  const rows = table.ids.length;
  table.chunks = Array.from({ length: Math.max(1, Math.ceil(rows / chunkRows)) }, (_, n) => ({
    start: n * chunkRows,
    size: Math.min(chunkRows, rows - n * chunkRows),
  }));
}

/** The chunk holding row `at`; a row one past the end belongs to the last chunk. */
function chunkAt(chunks: Chunk[], at: number): Chunk {
  let low = 0;
  let high = chunks.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((chunks[middle] as Chunk).start <= at) low = middle;
    else high = middle - 1;
  }
  return chunks[low] as Chunk;
}

/** Grows or shrinks a chunk, moving the later ones; an emptied chunk goes unless it is the only one. */
function resize(table: Table, chunk: Chunk, by: number): void {
  const at = table.chunks.indexOf(chunk);
  chunk.size += by;
  for (let later = at + 1; later < table.chunks.length; later += 1) {
    (table.chunks[later] as Chunk).start += by;
  }
  if (chunk.size === 0 && table.chunks.length > 1) table.chunks.splice(at, 1);
}

/** Where a charger with `barcode` goes among the sorted barcodes. */
function insertionPoint(barcodes: readonly string[], barcode: string): number {
  let low = 0;
  let high = barcodes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((barcodes[middle] as string) <= barcode) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * What a patch changed, by chunk: the columns whose entries changed in place, or `rows` when
 * chargers came into or left the chunk (every column of it changes).
 */
type Edits = Map<Chunk, Set<Column> | 'rows'>;

function markEdit(edits: Edits, chunk: Chunk, change: Set<Column> | 'rows'): void {
  const known = edits.get(chunk);
  if (change === 'rows' || known === 'rows') edits.set(chunk, 'rows');
  else edits.set(chunk, new Set([...(known ?? []), ...change]));
}

/** Replaces a charger's entries where they differ, found by comparing them as JSON. */
function patchEntries(table: Table, row: ListedChargerRow, at: number): Set<Column> {
  const entries = entriesOf(row);
  const changed = new Set<Column>();
  for (const column of COLUMNS) {
    const list: unknown[] = table.columns[column];
    if (JSON.stringify(list[at]) === JSON.stringify(entries[column])) continue;
    list[at] = entries[column];
    changed.add(column);
  }
  return changed;
}

/**
 * Brings the chargers `ids` up to `rows` (their fresh reads; one missing is no longer listed):
 * entries replaced in place, chargers added, removed, or moved when their barcode changed. Each
 * added or removed charger grows or shrinks only its own chunk; a chunk grown past twice the
 * usual size is cut again. Answers false, having patched in place only, when more chargers
 * come or go than a patch is worth: the whole list is then read again.
 */
function patchTable(
  table: Table,
  ids: readonly string[],
  rows: readonly ListedChargerRow[],
  chunkRows: number,
  edits: Edits,
): boolean {
  const found = new Map(rows.map((row) => [row.id, row]));
  const leaving: number[] = [];
  const arriving: ListedChargerRow[] = [];
  for (const id of ids) {
    const row = found.get(id);
    const at = table.index.get(id);
    if (at === undefined) {
      if (row) arriving.push(row);
    } else if (row && row.barcode === table.columns.barcode[at]) {
      const changed = patchEntries(table, row, at);
      if (changed.size > 0) markEdit(edits, chunkAt(table.chunks, at), changed);
    } else {
      leaving.push(at);
      if (row) arriving.push(row);
    }
  }
  if (leaving.length + arriving.length === 0) return true;
  if (leaving.length + arriving.length > MAX_ROWS_MOVED) return false;
  const columns = table.columns as ColumnLists;
  let from = table.ids.length;
  // From the last row up, so that the row numbers still to remove stay right.
  for (const at of leaving.sort((a, b) => b - a)) {
    const chunk = chunkAt(table.chunks, at);
    markEdit(edits, chunk, 'rows');
    table.index.delete(table.ids[at] as string);
    table.ids.splice(at, 1);
    for (const column of COLUMNS) columns[column].splice(at, 1);
    resize(table, chunk, -1);
    from = Math.min(from, at);
  }
  for (const row of arriving) {
    const at = insertionPoint(table.columns.barcode, row.barcode);
    const chunk = chunkAt(table.chunks, at);
    markEdit(edits, chunk, 'rows');
    table.ids.splice(at, 0, row.id);
    const entries = entriesOf(row);
    for (const column of COLUMNS) columns[column].splice(at, 0, entries[column]);
    resize(table, chunk, 1);
    from = Math.min(from, at);
  }
  for (let at = from; at < table.ids.length; at += 1) table.index.set(table.ids[at] as string, at);
  table.chunks = table.chunks.flatMap((chunk) => {
    if (chunk.size <= 2 * chunkRows) return [chunk];
    return Array.from({ length: Math.ceil(chunk.size / chunkRows) }, (_, n) => ({
      start: chunk.start + n * chunkRows,
      size: Math.min(chunkRows, chunk.size - n * chunkRows),
    }));
  });
  return true;
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

/** Columns a status report or a connection changes; the others change only with provisioning. */
const LIVE_COLUMNS: ReadonlySet<Column> = new Set<Column>(['online', 'connectors']);
/**
 * Chunks compressed together in a column that only provisioning changes: long segments compress
 * best (each starts with an empty window), and a charger provisioned compresses one again.
 */
const PROVISIONED_SPAN = 8;

/** Where a segment sits in its column, which its brackets and leading comma depend on. */
interface Place {
  first: boolean;
  last: boolean;
  /** Whether entries come before it in the column. */
  afterEntries: boolean;
}
const samePlace = (a: Place, b: Place) =>
  a.first === b.first && a.last === b.last && a.afterEntries === b.afterEntries;

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((value, at) => value === b[at]);

/** Neighbouring chunks of one column compressed together. */
interface Segment {
  chunks: Chunk[];
  place: Place;
  deflated: DeflatedSegment;
}

/**
 * One variant of the answer kept as compressed segments: a head with the count, then each
 * column cut along the table's chunks. The columns that live changes touch have a segment a
 * chunk, so a status change compresses one small segment again; the others a segment for
 * `PROVISIONED_SPAN` chunks (a variant of online chargers only has a segment a chunk in every
 * column, since a charger coming online adds an entry to each). The gzip answer is pieced
 * together from the segments (see segmented-gzip.ts).
 */
class VariantEncoding {
  private head: DeflatedSegment | undefined;
  private count = -1;
  /** The rows each chunk answers (all, or its online ones), counted from the chunk's start. */
  private picks = new Map<Chunk, number[]>();
  /** [column][segment] */
  private segments: Segment[][] = [];
  private answer: EncodedAnswer<ListChargersResponse> | null = null;

  private constructor(
    readonly variant: Variant,
    private readonly table: Table,
  ) {}

  static async of(variant: Variant, table: Table): Promise<VariantEncoding> {
    const encoding = new VariantEncoding(variant, table);
    await encoding.update(new Map());
    return encoding;
  }

  private span(column: Column): number {
    return this.variant.onlineOnly || LIVE_COLUMNS.has(column) ? 1 : PROVISIONED_SPAN;
  }

  private pick(chunk: Chunk): number[] {
    const picked: number[] = [];
    for (let offset = 0; offset < chunk.size; offset += 1) {
      if (!this.variant.onlineOnly || this.table.columns.online[chunk.start + offset]) {
        picked.push(offset);
      }
    }
    return picked;
  }

  /** A column's entries of `chunks`, with its name before the first and its end after the last. */
  private encode(column: number, chunks: Chunk[], place: Place): Promise<DeflatedSegment> {
    const name = this.variant.columns[column] as Column;
    const list: unknown[] = this.table.columns[name];
    const entries = JSON.stringify(
      chunks.flatMap((chunk) =>
        (this.picks.get(chunk) ?? []).map((offset) => list[chunk.start + offset]),
      ),
    ).slice(1, -1);
    return deflateSegment(
      (place.first ? `,"${name}":[` : '') +
        (entries && place.afterEntries ? ',' : '') +
        entries +
        (place.last ? ']' : '') +
        (place.last && column === this.variant.columns.length - 1 ? '}}' : ''),
    );
  }

  /**
   * Compresses again the segments that `edits` (patched into the table) altered in this variant,
   * and those whose chunks it has not met yet (all of them the first time).
   */
  async update(edits: Edits): Promise<void> {
    const picks = new Map<Chunk, number[]>();
    /** Chunks whose rows in this variant are other than before. */
    const moved = new Set<Chunk>();
    for (const chunk of this.table.chunks) {
      const known = this.picks.get(chunk);
      const edit = edits.get(chunk);
      if (known && edit !== 'rows' && !(this.variant.onlineOnly && edit?.has('online'))) {
        picks.set(chunk, known);
        continue;
      }
      const fresh = this.pick(chunk);
      picks.set(chunk, fresh);
      if (!known || edit === 'rows' || !sameList(known, fresh)) moved.add(chunk);
    }
    this.picks = picks;
    const count = [...picks.values()].reduce((sum, rows) => sum + rows.length, 0);
    const head = count === this.count ? null : deflateSegment(`{"data":{"count":${count}`);
    let encoded = 0;
    const segments: Segment[][] = [];
    // A column at a time, so that calls served meanwhile get the event loop between them.
    for (const [column, name] of this.variant.columns.entries()) {
      const span = this.span(name);
      const known = new Map((this.segments[column] ?? []).map((seg) => [seg.chunks[0], seg]));
      const runs = Math.ceil(this.table.chunks.length / span);
      let afterEntries = false;
      const next = Array.from({ length: runs }, (_, run): Promise<Segment> => {
        const chunks = this.table.chunks.slice(run * span, (run + 1) * span);
        const place = { first: run === 0, last: run === runs - 1, afterEntries };
        afterEntries ||= chunks.some((chunk) => (picks.get(chunk) as number[]).length > 0);
        const old = known.get(chunks[0]);
        const kept =
          old &&
          sameList(old.chunks, chunks) &&
          samePlace(old.place, place) &&
          chunks.every((chunk) => {
            const edit = edits.get(chunk);
            return !moved.has(chunk) && !(edit && edit !== 'rows' && edit.has(name));
          });
        if (kept) return Promise.resolve(old);
        encoded += 1;
        return this.encode(column, chunks, place).then((deflated) => ({ chunks, place, deflated }));
      });
      segments.push(await Promise.all(next));
    }
    this.segments = segments;
    this.count = count;
    if (head) this.head = await head;
    if (head || encoded > 0) this.answer = null;
  }

  current(): EncodedAnswer<ListChargersResponse> {
    if (!this.answer) {
      const segments = [
        this.head as DeflatedSegment,
        ...this.segments.flat().map((segment) => segment.deflated),
      ];
      this.answer = EncodedAnswer.ofGzip(gzipOfSegments(segments), () => plainOfSegments(segments));
    }
    return this.answer;
  }
}

/**
 * spec 000 §7 /listChargers: the public chargers as columns, read once and then kept current.
 * A change to one charger (a status, its online flag, a charger added, changed or removed)
 * patches the list at the next call: that charger is read again and only the chunks it is in
 * are compressed again, with the columns kept whole when it changed them. A change to many
 * chargers at once has the whole list read again in the background, in small pages, while the
 * previous answer is served. Changes come from every write on this node and, through the bus,
 * from the other nodes.
 */
export function createChargerList(deps: ChargerListDeps) {
  const now = deps.now ?? Date.now;
  const pageSize = deps.pageSize ?? 2000;
  const chunkRows = deps.chunkRows ?? 4096;
  const node = randomUUID();

  let table: Table | undefined;
  let builtAt = 0;
  let encodings = new Map<string, VariantEncoding>();
  /** Chargers changed since the list last read them. */
  const pending = new Set<string>();
  /** Moves on with every change that needs the whole list read again. */
  let listingVersion = 0;
  let rebuilding = false;
  let rebuildFailed = false;
  /** Chargers changed from the start of a read until it is served: it may predate them. */
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
      const read = emptyTable();
      for (;;) {
        const page = await deps.chargers.listPublic({
          after: read.columns.barcode.at(-1),
          limit: pageSize,
        });
        appendRows(read, page);
        if (page.length < pageSize) break;
        // PGlite runs a query on this thread: a pause between pages lets calls waiting on the
        // event loop (served the previous list meanwhile) through before the next page.
        await sleep(PAGE_PAUSE_MS);
      }
      cutIntoChunks(read, chunkRows);
      return { table: read, heard };
    } catch (error) {
      if (heardDuringRead === heard) heardDuringRead = null;
      throw error;
    }
  }

  /** Serves a new read from now on; what was heard since it began is read again at the next call. */
  function adopt(read: { table: Table; heard: Set<string> }) {
    table = read.table;
    builtAt = now();
    for (const id of read.heard) pending.add(id);
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
          fresh.set(key, await VariantEncoding.of(encoding.variant, read.table));
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
    if (change.chargerId !== null) {
      pending.add(change.chargerId);
      heardDuringRead?.add(change.chargerId);
    } else {
      listingVersion += 1;
      rebuild();
    }
  }

  /** Reads again the chargers changed since the last call and patches them in. */
  async function applyPending(current: Table): Promise<void> {
    if (pending.size === 0) return;
    const ids = [...pending];
    pending.clear();
    const rows: ListedChargerRow[] = [];
    try {
      for (let start = 0; start < ids.length; start += PATCH_BATCH) {
        rows.push(
          ...(await deps.chargers.listPublic({ ids: ids.slice(start, start + PATCH_BATCH) })),
        );
      }
    } catch (error) {
      for (const id of ids) pending.add(id);
      throw error;
    }
    const edits: Edits = new Map();
    if (!patchTable(current, ids, rows, chunkRows, edits)) {
      hear({ scope: 'listing', chargerId: null });
    }
    if (edits.size === 0) return;
    for (const encoding of encodings.values()) await encoding.update(edits);
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
        await applyPending(current);
        let encoding = encodings.get(variant.key);
        if (!encoding) {
          if (encodings.size >= MAX_VARIANTS) encodings.clear();
          encoding = await VariantEncoding.of(variant, current);
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
