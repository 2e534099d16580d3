import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rfidCard, userRfidsResponse } from '@evc/contract';
import type { TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { rfidSteps } from './test-support.ts';

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

const { cards, create } = rfidSteps(() => bed);

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
