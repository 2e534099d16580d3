import {
  CHARGER_LIST_FIELDS,
  type ListChargersResponse,
  type ListedConnector,
} from '@evc/contract';
import { isTariffFree } from '@evc/domain';
import type { ListedChargerRow } from './repository.ts';

/** Every column of the list for every public charger, entry i of each being charger i. */
export type ChargerColumns = Required<Omit<ListChargersResponse, 'count'>>;
export type Column = keyof ChargerColumns;

/** Chargers added, removed or moved beyond which the whole list is read again instead. */
const MAX_ROWS_MOVED = 256;

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

export const COLUMNS: readonly Column[] = ['barcode', ...CHARGER_LIST_FIELDS, 'connectors'];
type ColumnLists = { [C in Column]: unknown[] };
/** A run of neighbouring chargers in the list: the unit its columns are compressed in. */
export interface Chunk {
  /** Row number of its first charger. */
  start: number;
  size: number;
}

/** The public chargers as columns in barcode order, and where each charger's entries are. */
export interface Table {
  ids: string[];
  index: Map<string, number>;
  columns: ChargerColumns;
  /** In list order, covering every row without gaps; one at least (empty when none is listed). */
  chunks: Chunk[];
}

export function emptyTable(): Table {
  const columns = Object.fromEntries(COLUMNS.map((column) => [column, []])) as unknown;
  return { ids: [], index: new Map(), columns: columns as ChargerColumns, chunks: [] };
}

export function appendRows(table: Table, rows: ListedChargerRow[]): void {
  const columns = table.columns as ColumnLists;
  for (const row of rows) {
    table.index.set(row.id, table.ids.length);
    table.ids.push(row.id);
    const entries = entriesOf(row);
    for (const column of COLUMNS) columns[column].push(entries[column]);
  }
}

export function cutIntoChunks(table: Table, chunkRows: number): void {
  const rows = table.ids.length;
  table.chunks = Array.from({ length: Math.max(1, Math.ceil(rows / chunkRows)) }, (_, n) => ({
    start: n * chunkRows,
    size: Math.min(chunkRows, rows - n * chunkRows),
  }));
}

/** The chunk holding row `at`; a row one past the end belongs to the last chunk. */
export function chunkAt(chunks: Chunk[], at: number): Chunk {
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
export type Edits = Map<Chunk, Set<Column> | 'rows'>;

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
export function patchTable(
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
