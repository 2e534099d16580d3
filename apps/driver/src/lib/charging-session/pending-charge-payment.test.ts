import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetPendingChargePayment,
  keepPendingChargePayment,
  PENDING_PAYMENT_MAX_AGE_MS,
  pendingChargePayment,
} from './pending-charge-payment.ts';

const point = { barcode: '1001', connector: 1 };
const kept = {
  ...point,
  intentId: 'pi_1',
  clientSecret: 'pi_1_secret_abc',
  method: 'PAYG' as const,
  cardId: 'pm_1',
};

afterEach(() => forgetPendingChargePayment());

describe('a charge payment kept across a reload (spec 000 §4)', () => {
  it('is found for the same charge point, method and card', () => {
    keepPendingChargePayment(kept);
    expect(pendingChargePayment(point, 'PAYG', 'pm_1')).toMatchObject(kept);
  });

  it.each([
    ['another charger', { barcode: '1002', connector: 1 }, 'PAYG', 'pm_1'],
    ['another connector', { barcode: '1001', connector: 2 }, 'PAYG', 'pm_1'],
    ['another card', point, 'PAYG', 'pm_2'],
    ['another method', point, 'GOOGLEPAY', null],
  ] as const)('is not picked up for %s', (_label, where, method, cardId) => {
    keepPendingChargePayment(kept);
    expect(pendingChargePayment(where, method, cardId)).toBeNull();
  });

  it('is not picked up once too old, once forgotten, or when unreadable', () => {
    keepPendingChargePayment(kept);
    const later = Date.now() + PENDING_PAYMENT_MAX_AGE_MS + 1;
    expect(pendingChargePayment(point, 'PAYG', 'pm_1', later)).toBeNull();
    forgetPendingChargePayment();
    expect(pendingChargePayment(point, 'PAYG', 'pm_1')).toBeNull();
    localStorage.setItem('pendingChargePayment', '{not json');
    expect(pendingChargePayment(point, 'PAYG', 'pm_1')).toBeNull();
  });
});
