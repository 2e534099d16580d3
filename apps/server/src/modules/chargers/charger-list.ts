import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ListChargersResponse } from '@evc/contract';
import { GUEST_PERMISSIONS, KNOWN_PERMISSIONS, permissionsOfRoles } from '@evc/domain';
import type { Bus } from '../../platform/bus/bus.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import type { EncodedAnswer } from '../../platform/http/encoded-answer.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { UserRepository } from '../users/repository.ts';
import {
  appendRows,
  cutIntoChunks,
  emptyTable,
  patchTable,
  type Edits,
  type Table,
} from './charger-table.ts';
import type { ChargerChange, ChargerRepository, ListedChargerRow } from './repository.ts';
import { variantOf, VariantEncoding, type ListChargersInput } from './variant-encoding.ts';

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
    // A guest is no user: it holds the guest's permissions, whatever its id.
    const held =
      auth.scope === 'guest'
        ? GUEST_PERMISSIONS
        : permissionsOfRoles((await deps.users.findById(auth.userId))?.roles ?? []);
    if (!held.includes(name)) {
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
