import type { Db } from '../../platform/db/database.ts';
import type { PaymentProviderFactory } from './payment-provider.ts';
import { createPaymentRepository } from './repository.ts';
import { recordIntentState } from './service.ts';

/**
 * Issue 19: a top-up paid with Stripe is credited when Stripe's webhook says so, which may come
 * after the app, told by Stripe.js that the payment succeeded, reads the balance again. Before a
 * balance read that asks for it (`refresh`), the driver's unfinished top-ups are asked of the
 * provider and recorded as the webhook would: the credit is on the balance that read answers.
 * Once per top-up, whichever comes first (the movement's reference is the intent). A provider
 * that cannot be reached leaves them to the webhook.
 */
export function createTopUpSync(deps: { db: Db; provider: PaymentProviderFactory }) {
  return async function syncTopUps(userId: string): Promise<void> {
    const unfinished = await createPaymentRepository(deps.db).unfinishedTopUps(userId);
    for (const intent of unfinished) {
      const snapshot = await deps
        .provider(deps.db)
        .retrieveIntent(intent.id)
        .catch(() => null);
      if (!snapshot || snapshot.status === intent.status) continue;
      await deps.db.transaction(async (tx) => {
        const repo = createPaymentRepository(tx);
        if (await repo.intent(intent.id, { lock: true })) await recordIntentState(repo, snapshot);
      });
    }
  };
}
