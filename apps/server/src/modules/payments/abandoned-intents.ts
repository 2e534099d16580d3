import { AWAITING_DRIVER_STATUSES, isIntentAbandoned, type IntentSweepLimits } from '@evc/domain';
import type { Db } from '../../platform/db/database.ts';
import type { PaymentProviderFactory } from './payment-provider.ts';
import { createPaymentRepository } from './repository.ts';
import { recordIntentState } from './service.ts';

/** Intents looked at per sweep; the rest wait for the next one. */
const SWEEP_BATCH = 100;
/** Failed attempts at one intent before it is left for a person (Stripe expires a hold in 7 days). */
export const MAX_SWEEP_ATTEMPTS = 5;

const SWEPT_STATUSES: readonly string[] = [...AWAITING_DRIVER_STATUSES, 'requires_capture'];

/**
 * Cancels with the provider the intents nobody will use (ADR 0011): a wallet sheet the driver
 * closed, a card or 3-D Secure step never finished, a hold no session used once PAYG may no
 * longer reuse it. Every node runs it; the database finds the work and a skipped lock keeps two
 * nodes off one intent. The provider is asked for the intent's state first (the driver confirms
 * with it directly), and its answer to the cancel is recorded. A provider failure puts the
 * intent off for `abandonAfterMs`, at most MAX_SWEEP_ATTEMPTS times; as Stripe answers a
 * repeated idempotency key with its first answer, errors included, each attempt has its own key.
 */
export type AbandonedIntentSweep = ReturnType<typeof createAbandonedIntentSweep>;

export function createAbandonedIntentSweep(deps: {
  db: Db;
  provider: PaymentProviderFactory;
  limits: IntentSweepLimits;
  now: () => Date;
  intervalMs: number;
  log: { warn: (details: object, message: string) => void };
}) {
  const { db, limits } = deps;

  /** Answers whether the intent was cancelled. */
  async function sweepIntent(intentId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const repo = createPaymentRepository(tx);
      const row = await repo.intentUnlessLocked(intentId);
      const now = deps.now();
      // Another node is on it or has finished it, or a session took it since it was listed, or
      // another node's attempt failed since then and put it off.
      if (!row || row.sessionId !== null || !SWEPT_STATUSES.includes(row.status)) return false;
      if (row.sweepAttempts >= MAX_SWEEP_ATTEMPTS) return false;
      if (row.sweepRetryAt && row.sweepRetryAt > now) return false;
      const provider = deps.provider(tx);
      try {
        const current = await recordIntentState(repo, await provider.retrieveIntent(row.id));
        if (!current) return false;
        const abandoned = isIntentAbandoned(
          {
            status: current.status,
            purpose: current.purpose,
            usedBySession: current.sessionId !== null,
            onSavedCard:
              current.paymentMethodId !== null &&
              (await repo.card(current.userId, current.paymentMethodId)) !== undefined,
            ageMs: now.getTime() - current.createdAt.getTime(),
          },
          limits,
        );
        if (!abandoned) return false;
        const key =
          row.sweepAttempts === 0
            ? `abandon:${row.id}`
            : `abandon:${row.id}:${row.sweepAttempts + 1}`;
        await recordIntentState(repo, await provider.cancel(row.id, key, 'abandoned'));
        return true;
      } catch (error) {
        const attempt = row.sweepAttempts + 1;
        deps.log.warn(
          { intentId: row.id, attempt, error: String(error) },
          attempt < MAX_SWEEP_ATTEMPTS
            ? 'an abandoned payment intent was not cancelled; tried again later'
            : 'an abandoned payment intent was not cancelled, for good',
        );
        await repo.putOffSweep(row.id, new Date(now.getTime() + limits.abandonAfterMs));
        return false;
      }
    });
  }

  let sweeping = false;
  let passes = 0;
  /** One pass; answers how many intents were cancelled. */
  async function sweepOnce(): Promise<number> {
    if (sweeping) return 0;
    sweeping = true;
    try {
      const repo = createPaymentRepository(db);
      let cancelled = 0;
      for (const id of await repo.abandonCandidates(deps.now(), limits, {
        max: SWEEP_BATCH,
        maxAttempts: MAX_SWEEP_ATTEMPTS,
      })) {
        if (await sweepIntent(id)) cancelled += 1;
      }
      passes += 1;
      return cancelled;
    } finally {
      sweeping = false;
    }
  }

  const timer = setInterval(() => {
    sweepOnce().catch((error: unknown) =>
      deps.log.warn({ error: String(error) }, 'abandoned payment intents not swept'),
    );
  }, deps.intervalMs);
  timer.unref();

  return {
    sweepOnce,
    /** Passes run to their end so far: two more than now means a whole pass began after now. */
    passes: () => passes,
    close() {
      clearInterval(timer);
    },
  };
}
