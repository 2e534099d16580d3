import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  chargeHistoryResponse,
  preauthResponse,
  rfidCard,
  transactionView,
  userRfidsResponse,
  type GroupView,
  type RfidCard,
} from '@evc/contract';
import { chargingSessions, paymentIntents } from '../../platform/db/schema.ts';
import { setStoredBalance, until, userRow } from '../../test/test-users.ts';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { sandboxDefaultCard, sandboxIntent } from '../../test/test-payments.ts';
import { sessionView as readSession } from '../../test/test-sessions.ts';

let bed: TestBed;
let t: TestApp;
let driver: string;
let driverId: string;
/** The operator signs in like any driver: here, someone else. */
let other: string;
let otherId: string;

beforeAll(async () => {
  bed = await startTestBed();
  ({ t, driver, driverId, operator: other, operatorId: otherId } = bed);
});

afterAll(() => bed.close());

async function cards(token: string, userid: string): Promise<RfidCard[]> {
  const answer = await t.call('getUserRFIDs', { token, body: { userid } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return userRfidsResponse.parse(answer.body.data);
}

async function create(token: string, tagData: object) {
  return t.call('createRFID', { token, body: { tagData } });
}

/**
 * A charger driven message by message: it may start without asking (local authorisation while
 * offline, say) and replay its messages. The RemoteStopTransactions it is sent are collected.
 */
async function localCharger(chargePointId: string, barcode: string) {
  const charger = await bed.charger(chargePointId, barcode);
  const client = bed.ocppClient(chargePointId);
  const stopsAsked: number[] = [];
  client.handle('RemoteStopTransaction', ({ params }) => {
    stopsAsked.push((params as { transactionId: number }).transactionId);
    return Promise.resolve({ status: 'Accepted' });
  });
  await client.connect();
  await client.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Local' });
  const authorize = async (idTag: string) =>
    ((await client.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo
      .status;
  const start = async (idTag: string, meterStart = 0) =>
    (await client.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart,
      timestamp: new Date(Date.now() - 20 * 60_000).toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
  const stop = (transactionId: number, meterStop: number) =>
    client.call('StopTransaction', {
      transactionId,
      meterStop,
      timestamp: new Date().toISOString(),
      reason: 'Local',
    });
  return { charger, client, stopsAsked, authorize, start, stop };
}

const sessionsAt = (chargerId: string) =>
  t.database.db.select().from(chargingSessions).where(eq(chargingSessions.chargerId, chargerId));

async function sessionOf(transactionId: number) {
  const [row] = await until(
    () =>
      t.database.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.transactionId, transactionId)),
    (rows) => rows.length === 1,
  );
  if (!row) throw new Error('no session');
  return row;
}

const sessionView = (token: string, sessionId: string) => readSession(t, token, sessionId);

/** Saves a sandbox test card for the driver and makes it their default. */
const defaultCard = (number: string) => sandboxDefaultCard(t, driver, number);

const intentsOfCard = (cardId: string) =>
  t.database.db.select().from(paymentIntents).where(eq(paymentIntents.paymentMethodId, cardId));

describe('RFID card calls', () => {
  test('a scanned card is created, listed, and unlinked by its driver', async () => {
    const created = await create(driver, {
      uid: '04a2 1b9c',
      is_from_scan: true,
      userid: driverId,
      name: 'Blue fob',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const card = rfidCard.parse(created.body.data);
    expect(card).toMatchObject({
      uid: '04A21B9C',
      cardnumber: '04A21B9C',
      name: 'Blue fob',
      is_from_scan: true,
      userid: driverId,
    });
    expect((await cards(driver, driverId)).map((c) => c._id)).toContain(card._id);

    // Saving the same card again answers the card the driver already has.
    const again = await create(driver, { uid: '04A21B9C', is_from_scan: true, userid: driverId });
    expect(again.status).toBe(200);
    expect(rfidCard.parse(again.body.data)._id).toBe(card._id);

    const unlinked = await t.call('unlinkRFID', {
      token: driver,
      body: { rfidid: card._id, userid: driverId },
    });
    expect(unlinked.status).toBe(200);
    expect(userRfidsResponse.parse(unlinked.body.data).map((c) => c._id)).not.toContain(card._id);
    const gone = await t.call('unlinkRFID', {
      token: driver,
      body: { rfidid: card._id, userid: driverId },
    });
    expect(gone.status).toBe(404);
  });

  test('a card is linked by the number printed on it', async () => {
    const linked = await t.call('linkRFIDByCardnumber', {
      token: driver,
      body: { cardnumber: 'de:ad:be:ef:01', userid: driverId },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(rfidCard.parse(linked.body.data)).toMatchObject({
      uid: 'DEADBEEF01',
      cardnumber: 'DEADBEEF01',
      is_from_scan: false,
    });
  });

  test('a card linked to another driver is refused with 409, and stays theirs', async () => {
    expect((await create(other, { uid: 'CAFE0001', userid: otherId })).status).toBe(200);
    const taken = await create(driver, { uid: 'cafe0001', userid: driverId });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('RFID_LINKED_ELSEWHERE');
    const byNumber = await t.call('linkRFIDByCardnumber', {
      token: driver,
      body: { cardnumber: 'CAFE0001', userid: driverId },
    });
    expect(byNumber.status).toBe(409);
    expect((await cards(other, otherId)).map((c) => c.uid)).toContain('CAFE0001');
    expect((await cards(driver, driverId)).map((c) => c.uid)).not.toContain('CAFE0001');
  });

  test('a driver never reads or changes another driver’s cards', async () => {
    const theirs = (await cards(other, otherId))[0];
    if (!theirs) throw new Error('the other driver has no card');
    const read = await t.call('getUserRFIDs', { token: driver, body: { userid: otherId } });
    expect(read.status).toBe(403);
    const createFor = await create(driver, { uid: 'CAFE0002', userid: otherId });
    expect(createFor.status).toBe(403);
    const linkFor = await t.call('linkRFIDByCardnumber', {
      token: driver,
      body: { cardnumber: 'CAFE0003', userid: otherId },
    });
    expect(linkFor.status).toBe(403);
    const unlinkTheirs = await t.call('unlinkRFID', {
      token: driver,
      body: { rfidid: theirs._id, userid: otherId },
    });
    expect(unlinkTheirs.status).toBe(403);
    // Naming themselves does not reach the other driver's card either.
    const unlinkAsSelf = await t.call('unlinkRFID', {
      token: driver,
      body: { rfidid: theirs._id, userid: driverId },
    });
    expect(unlinkAsSelf.status).toBe(404);
    expect((await cards(other, otherId)).map((c) => c._id)).toContain(theirs._id);
  });

  test.each([
    ['createRFID', { tagData: { uid: '12', userid: 'x' } }, 'tagData.uid'],
    ['createRFID', { tagData: { uid: 'AB12CD34', userid: '' } }, 'tagData.userid'],
    ['createRFID', { tagData: { uid: 'AB12CD34!', userid: 'x' } }, 'tagData.uid'],
    ['createRFID', {}, 'tagData'],
    ['linkRFIDByCardnumber', { userid: 'x' }, 'cardnumber'],
    ['linkRFIDByCardnumber', { cardnumber: '1'.repeat(21), userid: 'x' }, 'cardnumber'],
    ['unlinkRFID', { userid: 'x' }, 'rfidid'],
    ['getUserRFIDs', {}, 'userid'],
  ] as const)('%s with bad input is a 400 naming the field (%j)', async (name, body, field) => {
    const answer = await t.call(name, { token: driver, body });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION');
    expect(answer.body.message?.startsWith(`${field}:`), answer.body.message).toBe(true);
  });

  test('every call needs a signed-in driver', async () => {
    const answer = await t.call('getUserRFIDs', { body: { userid: driverId } });
    expect(answer.status).toBe(401);
  });
});

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
    ['declined', '4000000000000002', 'RFID-CP-7', '7107', 'CA4D0007'],
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
    const cardId = await defaultCard('4000000000000002');
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
