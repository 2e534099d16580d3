import { vi } from 'vitest';

/** What the driver does when the browser's wallet sheet opens. */
export type SheetAction = { kind: 'pay'; paymentMethodId: string } | { kind: 'cancel' };

type Handler = (event: unknown) => void;

/**
 * A stand-in for Stripe.js (Stripe's code, loaded from Stripe's servers): its Payment Request
 * sheet and confirmCardPayment, with what the browser offers and what the driver does in the
 * sheet set by the test. A test file installs it at the module boundary with
 *
 *   vi.mock('@stripe/stripe-js/pure', () => import('../../test/fake-stripe-js.ts'));
 */
function createFakeStripeJs() {
  const state = {
    offered: { applePay: false, googlePay: false } as { applePay: boolean; googlePay: boolean },
    action: { kind: 'cancel' } as SheetAction,
    /** How the sheet was answered: 'success' or 'fail'. */
    completions: [] as string[],
    requests: [] as unknown[],
  };
  const confirmCardPayment = vi.fn();
  const stripe = {
    confirmCardPayment,
    paymentRequest(options: unknown) {
      state.requests.push(options);
      const handlers = new Map<string, Handler>();
      return {
        canMakePayment: () => Promise.resolve(state.offered),
        on(name: string, handler: Handler) {
          handlers.set(name, handler);
        },
        show() {
          const action = state.action;
          queueMicrotask(() => {
            if (action.kind === 'cancel') handlers.get('cancel')?.(undefined);
            else
              handlers.get('paymentmethod')?.({
                paymentMethod: { id: action.paymentMethodId },
                complete: (status: string) => state.completions.push(status),
              });
          });
        },
      };
    },
  };
  return { state, stripe, confirmCardPayment };
}

export const fakeStripeJs = createFakeStripeJs();

/** `@stripe/stripe-js/pure`'s loadStripe, answering the fake. */
export const loadStripe = () => Promise.resolve(fakeStripeJs.stripe);

export function resetFakeStripeJs() {
  Object.assign(fakeStripeJs.state, {
    offered: { applePay: false, googlePay: false },
    action: { kind: 'cancel' },
    completions: [],
    requests: [],
  });
  fakeStripeJs.confirmCardPayment.mockReset();
}
