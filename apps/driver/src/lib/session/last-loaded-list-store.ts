import type { QueryState } from '@tanstack/react-query';
import { isMasquerading } from '../masquerade/masquerade-state.ts';

/**
 * The chargers list a driver last loaded, kept apart from the snapshot (ADR 0044): a large
 * network's list runs to megabytes, past what localStorage takes, so it goes to IndexedDB as it
 * is (structured clone, no JSON).
 */
export interface KeptList {
  userId: string;
  queryKey: readonly unknown[];
  queryHash: string;
  /** The query's state as TanStack Query holds it, with its data and dataUpdatedAt. */
  state: QueryState;
}

/** Where the list is kept: one record, replaced on every write. */
export interface KeptListStore {
  read(): Promise<unknown>;
  write(list: KeptList): Promise<void>;
  clear(): Promise<void>;
}

const DATABASE = 'evc-last-loaded';
const ANSWERS = 'answers';
const LIST_RECORD = 'listChargers';

/** Some browsers have been seen never to answer an open: the list is then not kept this time. */
const OPEN_TIMEOUT_MS = 10_000;

let opening: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    // Throws where IndexedDB is missing or refused (some private modes): the promise rejects.
    const request = indexedDB.open(DATABASE, 1);
    const timer = setTimeout(() => reject(new Error('IndexedDB did not open')), OPEN_TIMEOUT_MS);
    request.onupgradeneeded = () => request.result.createObjectStore(ANSWERS);
    request.onsuccess = () => {
      clearTimeout(timer);
      const database = request.result;
      // Another tab upgrading, or the browser closing the connection: open afresh next time.
      database.onversionchange = () => {
        database.close();
        opening = null;
      };
      database.onclose = () => {
        opening = null;
      };
      resolve(database);
    };
    request.onerror = () => {
      clearTimeout(timer);
      reject(request.error ?? new Error('IndexedDB did not open'));
    };
  });
  const opened = opening;
  opened.catch(() => {
    if (opening === opened) opening = null;
  });
  return opened;
}

/** Runs one request in its own transaction; resolves once the transaction has completed. */
async function inTransaction<T>(
  mode: IDBTransactionMode,
  work: (answers: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openDatabase();
  return new Promise<T>((resolve, reject) => {
    const transaction = database.transaction(ANSWERS, mode);
    const request = work(transaction.objectStore(ANSWERS));
    transaction.oncomplete = () => resolve(request.result);
    // A full quota aborts the transaction.
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
  });
}

const deviceListStore: KeptListStore = {
  read: () => inTransaction('readonly', (answers) => answers.get(LIST_RECORD)),
  write: async (list) => {
    await inTransaction('readwrite', (answers) => answers.put(list, LIST_RECORD));
  },
  clear: async () => {
    await inTransaction('readwrite', (answers) => answers.delete(LIST_RECORD));
  },
};

let held: KeptList | undefined;

/** Support masquerade (issue 18): the page's memory only, as lib/storage.ts does. */
const memoryListStore: KeptListStore = {
  read: () => Promise.resolve(held),
  write: (list) => Promise.resolve(void (held = list)),
  clear: () => Promise.resolve(void (held = undefined)),
};

let storeForTests: KeptListStore | null = null;

export function keptListStore(): KeptListStore {
  return storeForTests ?? (isMasquerading() ? memoryListStore : deviceListStore);
}

/** Tests: where the list is kept instead of IndexedDB (jsdom has none); null to go back. */
export function setKeptListStoreForTests(store: KeptListStore | null): void {
  storeForTests = store;
  held = undefined;
}

/**
 * Whose list, and which query state, was last written or put back: a save with nothing new is
 * skipped. `forgotten` counts the forgets, so a write that crossed one is undone.
 */
export const lastWrittenList: { userId: string | null; state: object | null; forgotten: number } = {
  userId: null,
  state: null,
  forgotten: 0,
};

/** Logout, or a list of another account: nothing of it stays. Never rejects. */
export async function forgetLastLoadedList(): Promise<void> {
  lastWrittenList.userId = null;
  lastWrittenList.state = null;
  lastWrittenList.forgotten += 1;
  await keptListStore()
    .clear()
    .catch(() => undefined);
}
