import type { Db } from '../../platform/db/database.ts';
import type { IntentSnapshot, PaymentProviderFactory } from './payment-provider.ts';
import { createPaymentRepository } from './repository.ts';
import { recordIntentState } from './service.ts';

/**
 * Top-ups made this recently are asked about: a driver reads the balance again within moments of
 * paying, while a webhook is seldom later than that. Older ones are left to the webhook and the
 * sweep of abandoned intents, so that a top-up left unpaid does not cost every balance read a
 * call to the provider.
 */
export const TOP_UP_SYNC_WINDOW_MS = 15 * 60_000;
/** How long a balance read waits for the provider's answer about one top-up. */
export const TOP_UP_SYNC_WAIT_MS = 3_000;

/**
 * Issue 19: a top-up paid with Stripe is credited when Stripe's webhook says so, which may come
 * after the app, told by Stripe.js that the payment succeeded, reads the balance again. Before a
 * balance read that asks for it (`refresh`), the driver's recent unfinished top-ups are asked of
 * the provider and recorded as the webhook would: the credit is on the balance that read
 * answers. Once per top-up, whichever comes first (the movement's reference is the intent). A
 * provider that does not answer in time leaves them to the webhook.
 */
export function createTopUpSync(deps: {
  db: Db;
  provider: PaymentProviderFactory;
  now: () => Date;
}) {
  const answerInTime = (asked: Promise<IntentSnapshot>): Promise<IntentSnapshot | null> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), TOP_UP_SYNC_WAIT_MS);
    });
    return Promise.race([asked.catch(() => null), late]).finally(() => clearTimeout(timer));
  };

  /** True when it recorded a change of one of them. */
  return async function syncTopUps(userId: string): Promise<boolean> {
    const since = new Date(deps.now().getTime() - TOP_UP_SYNC_WINDOW_MS);
    const unfinished = await createPaymentRepository(deps.db).unfinishedTopUps(userId, since);
    let recorded = false;
    for (const intent of unfinished) {
      const snapshot = await answerInTime(deps.provider(deps.db).retrieveIntent(intent.id));
      if (!snapshot || snapshot.status === intent.status) continue;
      await deps.db.transaction(async (tx) => {
        const repo = createPaymentRepository(tx);
        if (await repo.intent(intent.id, { lock: true })) await recordIntentState(repo, snapshot);
      });
      recorded = true;
    }
    return recorded;
  };
}
