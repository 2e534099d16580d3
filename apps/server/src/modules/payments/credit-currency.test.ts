import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { balanceMovements, users } from '../../platform/db/schema.ts';
import { createRefunds } from './refunds.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import {
  authoriseNewSession,
  GOOD_CARD,
  PAID_TARIFF as paid,
  rejection,
  sandboxDefaultCard,
  sandboxHold,
  settleInPounds,
} from '../../test/test-payments.ts';

let bed: TestBed;
let t: TestApp;
let driverToken: string;
let driverId: string;
let chargerId: string;

beforeAll(async () => {
  bed = await startTestBed();
  ({ t, driver: driverToken, driverId } = bed);
  chargerId = (await bed.charger('CP-CC-1', '4301'))._id;
});
afterAll(() => bed.close());

const setUser = (fields: { balanceMinor?: number; currencyCode?: string }) =>
  t.database.db.update(users).set(fields).where(eq(users.id, driverId));

async function storedBalance() {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, driverId));
  return row?.balanceMinor;
}

describe('credit stays in the currency it was bought in (issue 19)', () => {
  it.each([
    ['paid', false],
    ['free', true],
  ])(
    '£ credit never pays at a %s charger that charges in €; nothing moves',
    async (_label, free) => {
      await setUser({ balanceMinor: -1000, currencyCode: 'GBP' });
      const { result } = authoriseNewSession(t, {
        userId: driverId,
        source: 'CREDIT',
        intentId: null,
        tariff: { ...paid, free, currency: 'EUR' },
      });
      const error = await rejection(result);
      expect([error.statusCode, error.code, error.message]).toEqual([
        409,
        'CREDIT_IN_OTHER_CURRENCY',
        'Credit Not Usable Here: your credit is in GBP, this charger charges in EUR',
      ]);
      expect(await storedBalance()).toBe(-1000);
    },
  );

  it('an RFID session at a € charger is paid by the default card, not by £ credit', async () => {
    await setUser({ balanceMinor: -1000, currencyCode: 'GBP' });
    await sandboxDefaultCard(t, driverToken, GOOD_CARD);
    const source = (tariffCurrency: string) =>
      t.services.sessionPayments.cardSessionSource({
        userId: driverId,
        tariffFree: false,
        tariffCurrency,
      });
    expect(await source('gbp')).toBe('CREDIT');
    expect(await source('EUR')).toBe('PAYG');
  });

  it('a £ card session of a driver whose balance is in € owes nothing on that balance', async () => {
    await setUser({ balanceMinor: 0, currencyCode: 'GBP' });
    const { intentId } = await sandboxHold(t, driverToken, chargerId);
    const { sessionId, result } = authoriseNewSession(t, {
      userId: driverId,
      source: 'PAYG',
      intentId,
      tariff: paid,
    });
    await result;
    await setUser({ currencyCode: 'EUR' });
    // The £40.00 cost runs past the £30.00 hold: the £10.00 left is not moved into a € balance.
    const settled = await settleInPounds(
      t,
      { userId: driverId, sessionId, source: 'PAYG', intentId },
      4000,
    );
    expect(settled).toEqual({ captured: 3000, status: 'captured' });
    expect(await storedBalance()).toBe(0);
  });

  /** A £ credit session of `amount`, debited; answers its id. */
  async function creditSession(amount: number) {
    const { sessionId, result } = authoriseNewSession(t, {
      userId: driverId,
      source: 'CREDIT',
      intentId: null,
      tariff: paid,
    });
    await result;
    const settled = await settleInPounds(
      t,
      { userId: driverId, sessionId, source: 'CREDIT', intentId: null },
      amount,
    );
    return { sessionId, settled };
  }

  const movementsOf = (sessionId: string) =>
    t.database.db
      .select()
      .from(balanceMovements)
      .where(eq(balanceMovements.reference, `session:${sessionId}`));

  it('a free £ credit charge moves nothing: no £0.00 line on the statement', async () => {
    await setUser({ balanceMinor: -1000, currencyCode: 'GBP' });
    const { sessionId, settled } = await creditSession(0);
    expect(settled).toEqual({ captured: 0, status: 'debited' });
    expect(await movementsOf(sessionId)).toEqual([]);
    expect(await storedBalance()).toBe(-1000);
  });

  it('a £ credit refund is refused once the balance is held in €: nothing is relabelled', async () => {
    await setUser({ balanceMinor: -345, currencyCode: 'GBP' });
    const { sessionId } = await creditSession(345);
    expect(await storedBalance()).toBe(0);
    await setUser({ currencyCode: 'EUR' });
    const refunds = createRefunds({ db: t.database.db, provider: createSandboxProvider });
    const error = await rejection(
      refunds.refund({ sessionId, amount: 200, reason: 'Slow charger', staffId: driverId }),
    );
    expect([error.statusCode, error.code, error.message]).toEqual([
      409,
      'REFUND_NOT_POSSIBLE',
      "The driver's credit is now held in EUR: GBP cannot go back on it",
    ]);
    expect(await storedBalance()).toBe(0);
  });

  it('what a late stop adds to a £ session stays owed on it when the balance is in €', async () => {
    await setUser({ balanceMinor: -100, currencyCode: 'GBP' });
    const { sessionId } = await creditSession(100);
    await setUser({ currencyCode: 'EUR' });
    await t.services.sessionPayments.oweAfterSettlement({
      userId: driverId,
      sessionId,
      amountMinor: 150,
    });
    expect(await storedBalance()).toBe(0);
    await setUser({ currencyCode: 'GBP' });
    await t.services.sessionPayments.oweAfterSettlement({
      userId: driverId,
      sessionId,
      amountMinor: 150,
    });
    expect(await storedBalance()).toBe(150);
  });
});
