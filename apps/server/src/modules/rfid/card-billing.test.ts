import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chargeHistoryResponse } from '@evc/contract';
import { setStoredBalance, until, userRow } from '../../test/test-users.ts';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { sandboxIntent } from '../../test/test-payments.ts';
import { rfidSteps } from './test-support.ts';

let bed: TestBed;
let t: TestApp;
let driver: string;
let driverId: string;
/** The operator signs in like any driver: here, someone else. */
let other: string;

beforeAll(async () => {
  bed = await startTestBed();
  ({ t, driver, driverId, operator: other } = bed);
});

afterAll(() => bed.close());

const { create, localCharger, sessionOf, sessionsAt, sessionView, defaultCard, intentsOfCard } =
  rfidSteps(() => bed);

describe('a card session billed to the owner’s default card', () => {
  test('without credit: 3000 held off-session, the cost captured once, listed as the owner’s', async () => {
    const local = await localCharger('RFID-CP-6', '7106');
    await setStoredBalance(t, DRIVER.email, 0);
    const cardId = await defaultCard('4242424242424242');
    expect((await create(driver, { uid: 'CA4D0006', userid: driverId })).status).toBe(200);

    expect(await local.authorize('CA4D0006')).toBe('Accepted');
    const started = await local.start('CA4D0006', 1000);
    expect(started.idTagInfo.status).toBe('Accepted');
    const row = await sessionOf(started.transactionId);
    expect(row).toMatchObject({
      userId: driverId,
      source: 'PAYG',
      heldMinor: 3000,
      paymentStatus: 'held',
    });
    const [held] = await intentsOfCard(cardId);
    expect(held).toMatchObject({
      id: row.intentId,
      status: 'requires_capture',
      amountCapturable: 3000,
      sessionId: row.id,
    });
    const live = await sessionView(driver, row.id);
    expect(live).toMatchObject({
      source: 'PAYG',
      intent_id: row.intentId,
      payment: { held: 3000, captured: null, status: 'held' },
    });
    expect(
      (await t.call('getTransactionByID', { token: other, body: { transactionid: row.id } }))
        .status,
    ).toBe(404);

    // The charger replays its StopTransaction: settled once.
    await local.stop(started.transactionId, 11_000);
    await local.stop(started.transactionId, 11_000);
    const done = await until(
      () => sessionView(driver, row.id),
      (view) => view.state === 'finished' && view.payment.status === 'captured',
    );
    const total = done.data.cost.applied_cost.total;
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(3000);
    expect(done.payment).toEqual({ held: 3000, captured: total, status: 'captured' });
    const intent = await sandboxIntent(t, driver, row.intentId ?? '');
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: total });
    expect((await userRow(t, DRIVER.email)).balanceMinor).toBe(0);

    const history = await t.call('getChargeHistory', {
      token: driver,
      body: { usercode: (await userRow(t, DRIVER.email)).hrCode, limit: 20 },
    });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(chargeHistoryResponse.parse(history.body.data).map((item) => item._id)).toContain(
      row.id,
    );
    expect(local.stopsAsked).toEqual([]);
  });

  test.each([
    ['declined', '4000000000000341', 'RFID-CP-7', '7107', 'CA4D0007'],
    ['needing 3-D Secure', '4000002500003155', 'RFID-CP-8', '7108', 'CA4D0008'],
  ])(
    'a default card %s: StartTransaction is Blocked, the charger told to stop, nothing captured',
    async (_label, number, chargePointId, barcode, uid) => {
      const local = await localCharger(chargePointId, barcode);
      await setStoredBalance(t, DRIVER.email, 0);
      const cardId = await defaultCard(number);
      expect((await create(driver, { uid, userid: driverId })).status).toBe(200);

      // Whether the card pays is known only once it is charged.
      expect(await local.authorize(uid)).toBe('Accepted');
      const started = await local.start(uid);
      expect(started.idTagInfo.status).toBe('Blocked');
      await until(
        () => Promise.resolve(local.stopsAsked),
        (asked) => asked.includes(started.transactionId),
      );
      await local.stop(started.transactionId, 500);
      expect(await sessionsAt(local.charger._id)).toHaveLength(0);
      expect(await intentsOfCard(cardId)).toEqual([
        expect.objectContaining({
          status: 'requires_payment_method',
          amountCapturable: 0,
          amountReceived: 0,
          sessionId: null,
        }),
      ]);
    },
  );

  test('a refused start replayed is Blocked at once: the card is not held again', async () => {
    const local = await localCharger('RFID-CP-10', '7110');
    await setStoredBalance(t, DRIVER.email, 0);
    const cardId = await defaultCard('4000000000000341');
    expect((await create(driver, { uid: 'CA4D0010', userid: driverId })).status).toBe(200);
    const request = {
      connectorId: 1,
      idTag: 'CA4D0010',
      meterStart: 700,
      timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
    };
    const startTransaction = async () =>
      (await local.client.call('StartTransaction', request)) as {
        transactionId: number;
        idTagInfo: { status: string };
      };

    const first = await startTransaction();
    expect(first.idTagInfo.status).toBe('Blocked');
    expect(await intentsOfCard(cardId)).toHaveLength(1);
    // Credit arriving meanwhile does not start what the charger was told to end.
    await setStoredBalance(t, DRIVER.email, -5000);
    const replayed = await startTransaction();
    expect(replayed).toEqual(first);
    await until(
      () => Promise.resolve(local.stopsAsked),
      (asked) => asked.filter((id) => id === first.transactionId).length === 2,
    );
    expect(await intentsOfCard(cardId)).toHaveLength(1);
    expect(await sessionsAt(local.charger._id)).toHaveLength(0);
  });

  test('with usable credit the credit pays, and the default card is left alone', async () => {
    const local = await localCharger('RFID-CP-9', '7109');
    await setStoredBalance(t, DRIVER.email, -5000);
    const cardId = await defaultCard('4242424242424242');
    expect((await create(driver, { uid: 'CA4D0009', userid: driverId })).status).toBe(200);
    const started = await local.start('CA4D0009');
    expect(started.idTagInfo.status).toBe('Accepted');
    expect(await sessionOf(started.transactionId)).toMatchObject({
      source: 'CREDIT',
      heldMinor: 0,
      intentId: null,
    });
    expect(await intentsOfCard(cardId)).toEqual([]);
    await local.stop(started.transactionId, 4000);
  });
});
