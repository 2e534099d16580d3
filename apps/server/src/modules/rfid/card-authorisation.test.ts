import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { preauthResponse, rfidCard, transactionView, type GroupView } from '@evc/contract';
import { chargingSessions } from '../../platform/db/schema.ts';
import { setStoredBalance, until, userRow } from '../../test/test-users.ts';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
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

const { create, localCharger, sessionOf, sessionsAt, sessionView } = rfidSteps(() => bed);

describe('a linked card at a charger', () => {
  test('an unknown card is Invalid and shown to the scan wizard; once linked it is Accepted', async () => {
    const { sim } = await bed.liveCharger('RFID-CP-1', '7101');
    await setStoredBalance(t, DRIVER.email, -5000);
    expect(await sim.presentTag(1, 'AA11BB22')).toBe('Invalid');
    const seen = await t.call('getUnauthorizedAuthsOnChargerByBarcode', {
      token: driver,
      body: { barcode: '7101' },
    });
    expect((seen.body.data as { idTag: string }[]).map((a) => a.idTag)).toContain('AA11BB22');

    expect(
      (await create(driver, { uid: 'AA11BB22', is_from_scan: true, userid: driverId })).status,
    ).toBe(200);
    expect(await sim.presentTag(1, 'AA11BB22')).toBe('Accepted');
    await sim.stopTransaction(1);
    // OCPP compares idTags without case: a reader that reports lower case is the same card.
    expect(await sim.presentTag(1, 'aa11bb22')).toBe('Accepted');
    await sim.stopTransaction(1);
  });

  test('a session started by the card is the owner’s, paid from their credit', async () => {
    const { charger, sim } = await bed.liveCharger('RFID-CP-2', '7102');
    await setStoredBalance(t, DRIVER.email, -5000);
    expect((await create(driver, { uid: 'F00DF00D', userid: driverId })).status).toBe(200);

    expect(await sim.presentTag(1, 'F00DF00D')).toBe('Accepted');
    const transactionId = await until(
      () => Promise.resolve(sim.transactionId(1)),
      (id) => id !== null,
    );
    const row = await until(
      async () =>
        (
          await t.database.db
            .select()
            .from(chargingSessions)
            .where(eq(chargingSessions.transactionId, transactionId ?? -1))
        )[0],
      (found) => found !== undefined,
    );
    if (!row) throw new Error('no session');
    expect(row).toMatchObject({ userId: driverId, chargerId: charger._id, source: 'CREDIT' });

    const live = await t.call('getTransactionByID', {
      token: driver,
      body: { transactionid: row.id },
    });
    expect(live.status).toBe(200);
    expect(transactionView.parse(live.body.data).state).toBe('charging');
    // Another driver does not see it.
    const theirs = await t.call('getTransactionByID', {
      token: other,
      body: { transactionid: row.id },
    });
    expect(theirs.status).toBe(404);

    const view = async () =>
      transactionView.parse(
        (await t.call('getTransactionByID', { token: driver, body: { transactionid: row.id } }))
          .body.data,
      );
    // The charge has cost something before the driver stops it.
    await until(view, (seen) => seen.data.cost.applied_cost.total > 0);
    await sim.stopTransaction(1);
    const done = await until(
      view,
      (seen) => seen.state === 'finished' && seen.payment.status === 'debited',
    );
    const total = done.data.cost.applied_cost.total;
    expect(total).toBeGreaterThan(0);
    expect(done.payment).toEqual({ held: 0, captured: total, status: 'debited' });
    expect((await userRow(t, DRIVER.email)).balanceMinor).toBe(-5000 + total);
  });

  test('a card whose owner has no credit is Blocked, and starts nothing', async () => {
    const { charger, sim } = await bed.liveCharger('RFID-CP-3', '7103');
    await setStoredBalance(t, DRIVER.email, 0);
    expect((await create(driver, { uid: 'B10CB10C', userid: driverId })).status).toBe(200);
    expect(await sim.presentTag(1, 'B10CB10C')).toBe('Blocked');
    const sessions = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.chargerId, charger._id));
    expect(sessions).toHaveLength(0);
    // Not an unknown card: the scan wizard does not offer it.
    const seen = await t.call('getUnauthorizedAuthsOnChargerByBarcode', {
      token: driver,
      body: { barcode: '7103' },
    });
    expect(seen.body.data).toEqual([]);
  });

  test('an unlinked card is Invalid again', async () => {
    const { sim } = await bed.liveCharger('RFID-CP-4', '7104');
    await setStoredBalance(t, DRIVER.email, -5000);
    const card = rfidCard.parse(
      (await create(driver, { uid: 'C0FFEE42', userid: driverId })).body.data,
    );
    await t.call('unlinkRFID', { token: driver, body: { rfidid: card._id, userid: driverId } });
    expect(await sim.presentTag(1, 'C0FFEE42')).toBe('Invalid');
  });

  test('a charger that starts with a card its owner cannot pay for is told to stop', async () => {
    const local = await localCharger('RFID-CP-5', '7105');
    await setStoredBalance(t, DRIVER.email, 0);
    expect((await create(driver, { uid: 'DEC0DE05', userid: driverId })).status).toBe(200);
    const started = await local.start('DEC0DE05');
    expect(started.idTagInfo.status).toBe('Blocked');
    await until(
      () => Promise.resolve(local.stopsAsked),
      (asked) => asked.includes(started.transactionId),
    );
    expect(await sessionsAt(local.charger._id)).toHaveLength(0);
  });
});

describe('a card owner in a user group', () => {
  let group: GroupView;

  beforeAll(async () => {
    const answer = await t.call('operatorCreateGroup', {
      token: other,
      body: { name: 'Depot drivers', groupcode: 'RFID-DEPOT' },
    });
    group = answer.body.data as GroupView;
  });

  test('pays the group’s free tariff: Accepted without credit or card, nothing held', async () => {
    const local = await localCharger('RFID-CP-G1', '7151');
    const unpriced = await localCharger('RFID-CP-G2', '7152');
    const elsewhere = unpriced.charger;
    const priced = await t.call('operatorSetGroupTariffs', {
      token: other,
      params: { groupid: group._id },
      body: { chargers: [local.charger._id], tariff: { standard_rate: 0, currency: 'GBP' } },
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    await t.call('joinGroupByCode', { token: driver, body: { code: { groupcode: 'RFID-DEPOT' } } });
    await setStoredBalance(t, DRIVER.email, 0);
    expect((await create(driver, { uid: 'D390F001', userid: driverId })).status).toBe(200);

    const preauth = async (token: string, chargerid: string) =>
      preauthResponse.parse(
        (await t.call('getChargerPreauth', { token, params: { chargerid } })).body.data,
      ).amount;
    expect(await preauth(driver, local.charger._id)).toBe(0);
    expect(await preauth(driver, elsewhere._id)).toBe(3000);
    // Not a member: the charger's own tariff.
    expect(await preauth(other, local.charger._id)).toBe(3000);

    expect(await local.authorize('D390F001')).toBe('Accepted');
    const started = await local.start('D390F001');
    expect(started.idTagInfo.status).toBe('Accepted');
    const row = await sessionOf(started.transactionId);
    expect(row).toMatchObject({ userId: driverId, source: 'CREDIT', heldMinor: 0 });
    expect(row.tariff).toMatchObject({ standard_rate: 0 });
    await local.stop(started.transactionId, 8000);
    const done = await until(
      () => sessionView(driver, row.id),
      (view) => view.state === 'finished',
    );
    expect(done.data.cost.applied_cost.total).toBe(0);
    expect((await userRow(t, DRIVER.email)).balanceMinor).toBe(0);
    expect(local.stopsAsked).toEqual([]);

    // At a charger the group does not price, and once out of the group, nobody pays.
    expect(await unpriced.authorize('D390F001')).toBe('Blocked');
    await t.call('leaveJoinedGroup', { token: driver, body: { groupid: group._id } });
    expect(await local.authorize('D390F001')).toBe('Blocked');
  });
});
