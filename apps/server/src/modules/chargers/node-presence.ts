import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { NodeAnnouncement } from './node-statements.ts';
import type { ChargerRepository } from './repository.ts';

/**
 * How often a node renews its presence and looks for dead nodes: five times per NODE_TIMEOUT,
 * and at least every 4 s, so that a dead node's chargers are Offline within NODE_TIMEOUT + 5 s.
 */
export const renewalIntervalMs = (timeoutSeconds: number) =>
  Math.min((timeoutSeconds * 1000) / 5, 4000);
export const DEFAULT_NODE_TIMEOUT_SECONDS = 15;

export interface NodePresenceDeps {
  chargers: Pick<
    ChargerRepository,
    'announceNode' | 'renewNode' | 'reannounceNode' | 'buryExpiredNodes' | 'buryNode'
  >;
  timeoutSeconds?: number;
  /** Chargers just marked Offline with the node that held them. */
  wentOffline: (chargerIds: readonly string[]) => void;
  now: () => Date;
  /** A monotonic clock in ms (performance.now by default; tests move their own). */
  clock?: () => number;
  log: {
    warn: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

/** A node id: a new one for each incarnation, usable as a NATS subject token. */
const newNodeId = () => randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');

/**
 * This node's presence among the nodes of a deployment (ADR 0031): a lease in the database,
 * renewed every `renewalIntervalMs`. Past NODE_TIMEOUT without a renewal a node
 * is dead to the others: the first to see it removes its presence and marks its chargers Offline.
 * The node itself holds its lease by its own monotonic clock, from when it sent its last renewal
 * that succeeded, so it always believes its lease over no later than the others do. A node that
 * finds its lease lapsed comes back under a new id, keeping only the chargers nobody marked
 * Offline meanwhile; `onReannounced` listeners let go of the rest before it acts again.
 */
export function createNodePresence(deps: NodePresenceDeps) {
  const timeoutSeconds = deps.timeoutSeconds ?? DEFAULT_NODE_TIMEOUT_SECONDS;
  const timeoutMs = timeoutSeconds * 1000;
  const clock = deps.clock ?? (() => performance.now());
  const announcement = (id: string): NodeAnnouncement => ({
    id,
    host: hostname(),
    pid: process.pid,
  });
  let id = newNodeId();
  /** Until when (performance.now()) this node may act on its lease. */
  let heldUntil = Number.NEGATIVE_INFINITY;
  let started = false;
  let stopped = false;
  let renewal: Promise<void> | null = null;
  let ticking = false;
  let timer: NodeJS.Timeout | undefined;
  const reannounced = new Set<(kept: ReadonlySet<string>, id: string) => void>();

  async function renew(): Promise<void> {
    const sentAt = clock();
    if (await deps.chargers.renewNode(id, timeoutSeconds)) {
      heldUntil = sentAt + timeoutMs;
      return;
    }
    const old = id;
    const next = newNodeId();
    const kept = await deps.chargers.reannounceNode(old, announcement(next), timeoutSeconds);
    id = next;
    heldUntil = sentAt + timeoutMs;
    deps.log.warn(
      { node: old, announcedAs: next, chargersKept: kept.length },
      'this node had stopped renewing its presence: announced again',
    );
    const keptSet = new Set(kept);
    for (const listener of reannounced) listener(keptSet, next);
  }

  /** The lease renewed (or announced again) now, once however many ask together. */
  function confirm(): Promise<void> {
    renewal ??= renew().finally(() => {
      renewal = null;
    });
    return renewal;
  }

  async function buryDead(): Promise<void> {
    const buried = await deps.chargers.buryExpiredNodes(deps.now());
    if (buried.nodes.length === 0 && buried.chargers.length === 0) return;
    deps.log.warn(
      { nodes: buried.nodes, chargers: buried.chargers.length },
      'nodes stopped renewing their presence: their chargers are Offline',
    );
    deps.wentOffline(buried.chargers);
  }

  async function tick(): Promise<void> {
    if (ticking || stopped) return;
    ticking = true;
    try {
      await confirm();
      // A node unsure of its own lease judges nobody.
      if (holds()) await buryDead();
    } catch (error) {
      deps.log.error({ err: error }, 'node presence not renewed');
    } finally {
      ticking = false;
    }
  }

  function holds(): boolean {
    return started && !stopped && clock() < heldUntil;
  }

  return {
    /** This incarnation's id: what the database and the bus know this node by. */
    get id(): string {
      return id;
    },
    timeoutSeconds,

    /** Announces this node and keeps its presence renewed until `stop`. */
    async start(): Promise<void> {
      if (started) return;
      const sentAt = clock();
      await deps.chargers.announceNode(announcement(id), timeoutSeconds);
      heldUntil = sentAt + timeoutMs;
      started = true;
      timer = setInterval(() => void tick(), renewalIntervalMs(timeoutSeconds));
      timer.unref();
    },

    /** Whether this node may act now: its lease is current by its own clock. */
    holds,

    /**
     * Waits until the lease is renewed, or announced again after a lapse (listeners told);
     * answers whether this node may act.
     */
    async confirmed(): Promise<boolean> {
      if (!started || stopped) return false;
      await confirm();
      return holds();
    },

    /** Told, after a lapse, which chargers this node still owns under its new id. */
    onReannounced(listener: (kept: ReadonlySet<string>, id: string) => void): () => void {
      reannounced.add(listener);
      return () => reannounced.delete(listener);
    },

    /** One pass of what the timer does (renew, then mark dead nodes' chargers Offline). */
    tick,

    /** Leaves: the presence removed, and any charger still held Offline. */
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await renewal?.catch(() => undefined);
      if (!started) return;
      const left = await deps.chargers.buryNode(id, deps.now());
      deps.wentOffline(left.chargers);
    },
  };
}

export type NodePresence = ReturnType<typeof createNodePresence>;
