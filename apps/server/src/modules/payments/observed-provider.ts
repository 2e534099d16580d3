import { AppError } from '../../platform/errors.ts';
import type {
  PaymentObserver,
  PaymentOperation,
  PaymentOutcome,
} from '../../platform/metrics/observers.ts';
import type { IntentSnapshot, PaymentProviderFactory } from './payment-provider.ts';

/** A refusal of the card itself is a decline (payment 402s); anything else thrown failed. */
const failure = (error: unknown): PaymentOutcome =>
  error instanceof AppError && error.statusCode === 402 ? 'declined' : 'failed';

/** An off-session hold the bank did not give answers the intent without a capturable amount. */
const held = (snapshot: IntentSnapshot): PaymentOutcome =>
  snapshot.status === 'requires_capture' ? 'succeeded' : 'declined';

/** The same providers, each call's outcome told to `observe` by operation and provider. */
export function observedProvider(
  factory: PaymentProviderFactory,
  observe: PaymentObserver,
): PaymentProviderFactory {
  return (db) => {
    const provider = factory(db);
    const { kind } = provider;
    async function observed<T>(
      operation: PaymentOperation,
      call: () => Promise<T>,
      outcome: (result: T) => PaymentOutcome = () => 'succeeded',
    ): Promise<T> {
      try {
        const result = await call();
        observe(operation, outcome(result), kind);
        return result;
      } catch (error) {
        observe(operation, failure(error), kind);
        throw error;
      }
    }
    return {
      kind,
      attachPaymentMethod: (user, paymentMethodId) =>
        observed('card_setup', () => provider.attachPaymentMethod(user, paymentMethodId)),
      detachPaymentMethod: (paymentMethodId, key) =>
        observed('card_removal', () => provider.detachPaymentMethod(paymentMethodId, key)),
      updateBillingDetails: (paymentMethodId, billing) =>
        observed('billing_update', () => provider.updateBillingDetails(paymentMethodId, billing)),
      createIntent: (input) =>
        observed(input.purpose === 'topup' ? 'topup_intent' : 'charge_intent', () =>
          provider.createIntent(input),
        ),
      holdOffSession: (input) => observed('hold', () => provider.holdOffSession(input), held),
      retrieveIntent: (intentId) => observed('retrieve', () => provider.retrieveIntent(intentId)),
      capture: (intentId, amount, key) =>
        observed('capture', () => provider.capture(intentId, amount, key)),
      cancel: (intentId, key, reason) =>
        observed('cancel', () => provider.cancel(intentId, key, reason)),
      refund: (input) => observed('refund', () => provider.refund(input)),
    };
  };
}
