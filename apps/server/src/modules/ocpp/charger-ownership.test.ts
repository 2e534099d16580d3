import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { isSessionAbandoned } from '@evc/domain';
import type RPCServerClient from 'ocpp-rpc/lib/server-client';
import { createInProcessBus } from '../../platform/bus/in-process-bus.ts';
import { openDatabase, type Database } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { chargers, chargingSessions, nodes, users } from '../../platform/db/schema.ts';
import { createChargerReports } from '../chargers/charger-reports.ts';
import { createNodePresence, type NodePresence } from '../chargers/node-presence.ts';
import { createChargerRepository, type ChargerRepository } from '../chargers/repository.ts';
import { createPasswordHasher } from '../../platform/passwords.ts';
import { seed } from '../../seed.ts';
import { DRIVER, TEST_ARGON2, TEST_DEMO } from '../../test/test-app.ts';
import { lastHeardOf } from '../sessions/abandoned-sessions.ts';
import { createChargingSessionRepository } from '../sessions/charging-session-repository.ts';
import { createChargerConnections, type ChargerConnection } from './charger-connections.ts';

// Fault injection over the ownership and presence logic itself: several nodes (each its real
// presence and connection bookkeeping, its own monotonic clock) on one database, chargers
// connecting, dropping and beating while nodes freeze, lapse, wake and die in random orders, and
// the living nodes sweeping together for sessions whose charger went away (the real rule and
// conditional end of the abandoned-session sweep).

const NODES = 3;
const CHARGERS = ['own-1', 'own-2', 'own-3', 'own-4'];
const TIMEOUT_SECONDS = 3600;
const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined };
const log = { ...quiet, debug: () => undefined };

type Step =
  | { kind: 'connect' | 'drop' | 'beat'; node: number; charger: number }
  | { kind: 'freeze' | 'lapse' | 'wake' | 'kill' | 'tick' | 'abandon'; node: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('connect' as const, 'drop' as const, 'beat' as const),
    node: fc.nat(NODES - 1),
    charger: fc.nat(CHARGERS.length - 1),
  }),
  fc.record({
    kind: fc.constantFrom(
      'freeze' as const,
      'lapse' as const,
      'wake' as const,
      'kill' as const,
      'tick' as const,
      'abandon' as const,
    ),
    node: fc.nat(NODES - 1),
  }),
);

let database: Database;
let repository: ChargerRepository;
let sessions: ReturnType<typeof createChargingSessionRepository>;
let driverId: string;
/** How many times each session was ended (and so settled): never more than once. */
const ends = new Map<string, number>();
const ABANDON_AFTER_MS = 60_000;

beforeAll(async () => {
  database = await openDatabase({});
  await migrate(database);
  await seed(database, createPasswordHasher(TEST_ARGON2), TEST_DEMO);
  repository = createChargerRepository(database.db);
  sessions = createChargingSessionRepository(database.db);
  const [driver] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DRIVER.email));
  driverId = driver?.id ?? '';
  for (const [index, id] of CHARGERS.entries()) {
    await repository.insert(
      {
        id,
        chargePointId: id,
        barcode: `95${String(index).padStart(2, '0')}`,
        name: id,
        address: '1 Test Street',
        city: 'York',
        postCode: 'YO1 1AA',
        country: 'GB',
        lat: 53.9,
        lon: -1.1,
        tariff: { standard_rate: 0.4, currency: 'GBP' },
      },
      [{ connectorNumber: 1, type: 'Type 2', maxPowerKw: 22, status: 'Charging' }],
    );
  }
});
afterAll(() => database.close());

/** One node: its presence, its connections, its clock; frozen or dead it does nothing. */
function startNode(bus: ReturnType<typeof createInProcessBus>) {
  let clockMs = 0;
  const reports = createChargerReports({
    chargers: repository,
    passwords: createPasswordHasher(TEST_ARGON2),
    bus,
    now: () => new Date(),
  });
  const presence: NodePresence = createNodePresence({
    chargers: repository,
    timeoutSeconds: TIMEOUT_SECONDS,
    wentOffline: reports.wentOffline,
    now: () => new Date(),
    clock: () => clockMs,
    log: quiet,
  });
  const connections = createChargerConnections({ chargers: reports, presence, bus, log });
  return {
    presence,
    reports,
    connections,
    state: 'running' as 'running' | 'frozen' | 'dead',
    /** Time passing on this node's own clock (a freeze longer than NODE_TIMEOUT). */
    pass(ms: number) {
      clockMs += ms;
    },
  };
}
type ModelNode = ReturnType<typeof startNode>;

const fakeClient = () => ({ close: () => Promise.resolve({}) }) as unknown as RPCServerClient;

/** What a node does when a charger's message comes in: the gate, then a heartbeat. */
async function beat(node: ModelNode, connection: ChargerConnection) {
  if (!(await node.connections.mayAct(connection))) {
    node.connections.letGo(connection, 'moved');
    return;
  }
  const epoch = connection.epoch;
  if (epoch === null || !(await node.reports.heartbeat(connection.chargerId, epoch)))
    node.connections.letGo(connection, 'not owner');
}

async function run(node: ModelNode, nodes: ModelNode[], action: Step) {
  if (node.state === 'dead') return;
  if (action.kind === 'kill') {
    // The first node is never killed: someone is left to mark the others' chargers Offline.
    if (node === nodes[0]) return;
    node.state = 'dead';
    node.connections.close();
    await expireLease(node.presence.id);
    return;
  }
  if (action.kind === 'freeze') {
    node.state = 'frozen';
    return;
  }
  if (action.kind === 'lapse') {
    if (node.state !== 'frozen') return;
    node.pass(TIMEOUT_SECONDS * 1000 + 1);
    await expireLease(node.presence.id);
    return;
  }
  if (action.kind === 'wake') {
    if (node.state !== 'frozen') return;
    node.state = 'running';
    await node.presence.tick();
    return;
  }
  if (node.state !== 'running') return;
  if (action.kind === 'abandon') {
    await sweepAbandoned(nodes);
    return;
  }
  if (!('charger' in action)) {
    await node.presence.tick();
    return;
  }
  const chargerId = CHARGERS[action.charger] ?? '';
  const connection = node.connections.live.get(chargerId);
  if (action.kind === 'connect') {
    // A charger has one socket at a time: a new one means the old one is gone for it, though a
    // frozen node does not know yet.
    for (const other of nodes) {
      const old = other.connections.live.get(chargerId);
      if (old && other.state === 'running' && other !== node) other.connections.lost(old);
    }
    const opened = node.connections.open(chargerId, fakeClient(), () => undefined);
    await opened.claimed;
  } else if (action.kind === 'drop') {
    if (connection) node.connections.lost(connection);
  } else if (connection) {
    await beat(node, connection);
  }
  await node.connections.settled();
}

/** Every living node sweeps at once for sessions whose charger went away, as each node's timer does. */
async function sweepAbandoned(all: ModelNode[]) {
  const now = new Date();
  const silentSince = new Date(now.getTime() - ABANDON_AFTER_MS);
  const sweeps = all
    .filter((node) => node.state === 'running' && node.presence.holds())
    .map(async () => {
      for (const candidate of await sessions.silentSince(silentSince)) {
        const abandoned = isSessionAbandoned({
          lastHeardAt: lastHeardOf(candidate.session),
          now,
          chargerOnline: candidate.chargerOnline,
          connectorStatus: candidate.connectorStatus,
          abandonAfterMs: ABANDON_AFTER_MS,
        });
        if (!abandoned) continue;
        const ended = await sessions.endIfStillSilent(candidate.session, silentSince, {
          state: 'finished',
          stoppedAt: lastHeardOf(candidate.session),
          meterStopWh: 0,
          endReason: 'charger-offline',
        });
        if (ended) ends.set(ended.id, (ends.get(ended.id) ?? 0) + 1);
      }
    });
  await Promise.all(sweeps);
}

async function expireLease(id: string) {
  await database.db
    .update(nodes)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(inArray(nodes.id, [id]));
}

const rowsOfChargers = () =>
  database.db
    .select({
      id: chargers.id,
      online: chargers.online,
      ownerNode: chargers.ownerNode,
      ownerEpoch: chargers.ownerEpoch,
    })
    .from(chargers)
    .where(inArray(chargers.id, CHARGERS));

/** No running node acts on a connection the database does not say owns its charger. */
async function noStaleActor(all: ModelNode[]) {
  const rows = new Map((await rowsOfChargers()).map((row) => [row.id, row]));
  for (const node of all) {
    if (node.state !== 'running' || !node.presence.holds()) continue;
    for (const connection of node.connections.live.values()) {
      if (connection.epoch === null) continue;
      const row = rows.get(connection.chargerId);
      expect(row?.ownerEpoch, `${connection.chargerId} acted on by a stale connection`).toBe(
        connection.epoch,
      );
    }
  }
}

describe('charger ownership across nodes that die, freeze and come back', () => {
  test('every charger ends with exactly one owner, its latest connection, or Offline', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 30 }),
        fc.array(fc.boolean(), { minLength: NODES, maxLength: NODES }),
        async (steps, lapsedAtTheEnd) => {
          await database.db.delete(nodes);
          await database.db
            .update(chargers)
            .set({ online: false, ownerNode: null, ownerEpoch: null });
          // A session running on each charger, its charger silent longer than the sweep allows.
          await database.db.delete(chargingSessions);
          ends.clear();
          const longAgo = new Date(Date.now() - 2 * ABANDON_AFTER_MS);
          await database.db.insert(chargingSessions).values(
            CHARGERS.map((chargerId) => ({
              id: `session-${chargerId}`,
              userId: driverId,
              chargerId,
              connectorNumber: 1,
              idTag: `tag-${chargerId}`,
              source: 'PAYG',
              state: 'charging' as const,
              tariff: { standard_rate: 0.4, currency: 'GBP' },
              startDeadline: longAgo,
              startedAt: longAgo,
              lastReportAt: longAgo,
            })),
          );
          const bus = createInProcessBus();
          const all = Array.from({ length: NODES }, () => startNode(bus));
          for (const node of all) await node.presence.start();
          try {
            for (const action of steps) {
              const node = all[action.node];
              if (node) await run(node, all, action);
              await noStaleActor(all);
            }
            // Everything settles: frozen nodes wake (some after their lease ran out), the living
            // look for the dead, and every connection still open says something.
            for (const [index, node] of all.entries()) {
              if (lapsedAtTheEnd[index]) await run(node, all, { kind: 'lapse', node: index });
              await run(node, all, { kind: 'wake', node: index });
            }
            for (const node of all) await run(node, all, { kind: 'tick', node: 0 });
            for (const node of all) {
              for (const connection of [...node.connections.live.values()])
                if (node.state === 'running') await beat(node, connection);
            }
            await noStaleActor(all);
            await sweepAbandoned(all);
            // A session is ended, and so settled, once at most.
            expect([...ends.values()].filter((count) => count !== 1)).toEqual([]);

            const running = all.filter((node) => node.state === 'running');
            for (const row of await rowsOfChargers()) {
              const holders = running.filter((node) => node.connections.live.has(row.id));
              if (!row.online) {
                expect(row.ownerNode).toBeNull();
                expect(holders).toEqual([]);
                // Its charger went away for good: its session was ended, once.
                expect(ends.get(`session-${row.id}`)).toBe(1);
                continue;
              }
              // Online: owned by a running node's current presence, through the one connection
              // that node holds for it, and no other running node holds one.
              expect(holders).toHaveLength(1);
              const [holder] = holders;
              expect(row.ownerNode).toBe(holder?.presence.id);
              expect(holder?.connections.live.get(row.id)?.epoch).toBe(row.ownerEpoch);
            }
          } finally {
            for (const node of all) {
              node.connections.close();
              if (node.state !== 'dead') await node.presence.stop();
            }
            await bus.close();
          }
        },
      ),
      {
        numRuns: 80,
        examples: [
          // A node frozen past its lease while holding a charger, marked dead by another, wakes.
          [
            [
              { kind: 'connect', node: 1, charger: 0 },
              { kind: 'freeze', node: 1 },
              { kind: 'lapse', node: 1 },
              { kind: 'tick', node: 0 },
              { kind: 'wake', node: 1 },
            ],
            [false, false, false],
          ],
          // The same charger reconnected to another node meanwhile; the frozen one wakes early.
          [
            [
              { kind: 'connect', node: 1, charger: 0 },
              { kind: 'freeze', node: 1 },
              { kind: 'connect', node: 2, charger: 0 },
              { kind: 'wake', node: 1 },
              { kind: 'beat', node: 1, charger: 0 },
            ],
            [false, false, false],
          ],
        ],
      },
    );
  });
});
