import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { homeChargerList, homeChargerView, type HomeChargerView } from '@evc/contract';
import { chargers } from '../../platform/db/schema.ts';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { testCharger } from '../../test/test-chargers.ts';
import { registeredDriver, userRow } from '../../test/test-users.ts';

let t: TestApp;
let operator: string;
let owner: string;
let ownerId: string;
let neighbour: string;
let neighbourId: string;

const E7_TARIFF = {
  supplier: 'Octopus Energy',
  plan: 'Intelligent Octopus Go',
  postcode: 'LS1 4AP',
  dayRateCost: 24.5,
  nightRate: { cost: 7.5, start: '23:30', end: '05:30' },
};

/** A home charger provisioned by the operator; answers its id and its adoption code. */
async function homeCharger(chargePointId: string, barcode: string) {
  const answer = await t.call('operatorCreateCharger', {
    token: operator,
    body: testCharger(chargePointId, barcode, { home: true }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const data = answer.body.data as { _id: string; adoptionCode?: string };
  return { id: data._id, code: data.adoptionCode ?? '' };
}

const claim = (token: string, body: object) => t.call('claimCharger', { token, body });
const claimBody = (barcode: string, code: string, userid: string) => ({
  accesscode: code,
  userid,
  chargerid: barcode,
  name: 'Driveway',
  terms: true,
  privacy: true,
});
const list = async (token: string): Promise<HomeChargerView[]> => {
  const answer = await t.call('listHomeChargers', { token });
  expect(answer.status).toBe(200);
  return homeChargerList.parse(answer.body.data);
};

beforeAll(async () => {
  t = await createTestApp();
  operator = (await t.login(OPERATOR)).token;
  owner = (await t.login(DRIVER)).token;
  ownerId = (await userRow(t, DRIVER.email)).id;
  ({ token: neighbour, id: neighbourId } = await registeredDriver(t, 'neighbour@example.com'));
});

afterAll(() => t.close());

describe('adopting a home charger (spec 001 §4, §5, §8)', () => {
  test('the operator gets a single-use code once; the owner adopts with it; nobody else can', async () => {
    const { id, code } = await homeCharger('CP-HOME-1', '6501');
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const read = await t.call('operatorGetCharger', { token: operator, params: { chargerid: id } });
    expect(read.body.data).not.toHaveProperty('adoptionCode');
    // Private until adopted, and after: only its owner finds it.
    const before = await t.call('getChargerByBarcode', { token: owner, body: { barcode: '6501' } });
    expect(before.status).toBe(404);

    const wrong = await claim(owner, claimBody('6501', 'AAAA-AAAA', ownerId));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'ADOPTION_CODE_INCORRECT',
      message: 'Adoption code is incorrect',
    });
    const forSomeoneElse = await claim(owner, claimBody('6501', code, neighbourId));
    expect(forSomeoneElse.status).toBe(403);
    const noTerms = await claim(owner, { ...claimBody('6501', code, ownerId), terms: false });
    expect(noTerms.status).toBe(400);
    const noName = await claim(owner, { ...claimBody('6501', code, ownerId), name: ' ' });
    expect(noName.status).toBe(400);

    // Typed in lower case without its dash, the code still reads.
    const adopted = await claim(
      owner,
      claimBody('6501', code.toLowerCase().replace('-', ''), ownerId),
    );
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    expect(homeChargerView.parse(adopted.body.data)).toMatchObject({
      _id: id,
      name: 'Driveway',
      scheduleType: 'DEFAULT',
      home_tariff_save: false,
      homeTariff: null,
      settings: { offPeak: false, randomisedDelay: true },
    });
    expect((await list(owner)).map((charger) => charger._id)).toEqual([id]);

    // Used up: the same code adopts nothing for anyone.
    const again = await claim(neighbour, claimBody('6501', code, neighbourId));
    expect(again.body).toMatchObject({ code: 'ADOPTION_CODE_INCORRECT' });
    expect(await list(neighbour)).toEqual([]);
    const theirs = await t.call('getChargerByBarcode', {
      token: neighbour,
      body: { barcode: '6501' },
    });
    expect(theirs.status).toBe(404);
    const mine = await t.call('getChargerByBarcode', { token: owner, body: { barcode: '6501' } });
    expect(mine.status).toBe(200);
  });

  test('a public charger, an unknown one and a wrong serial number are refused', async () => {
    const publicOne = await t.call('operatorCreateCharger', {
      token: operator,
      body: testCharger('CP-HOME-PUB', '6502'),
    });
    expect(publicOne.body.data).not.toHaveProperty('adoptionCode');
    expect((await claim(owner, claimBody('6502', 'AAAA-AAAA', ownerId))).status).toBe(400);
    expect((await claim(owner, claimBody('6599', 'AAAA-AAAA', ownerId))).status).toBe(400);
    // Once the charger has said its serial number (BootNotification), a claim naming another fails.
    const { id, code } = await homeCharger('CP-HOME-SER', '6506');
    await t.database.db
      .update(chargers)
      .set({ serialNumber: 'SN-6506' })
      .where(eq(chargers.id, id));
    const wrongSerial = await claim(owner, {
      ...claimBody('6506', code, ownerId),
      serial: 'SN-0000',
    });
    expect(wrongSerial.status).toBe(400);
    expect(wrongSerial.body.message).toContain('serial');
    const rightSerial = await claim(owner, {
      ...claimBody('6506', code, ownerId),
      serial: 'SN-6506',
    });
    expect(rightSerial.status).toBe(200);
  });
});

describe('the owner’s home charger (spec 001 §3, §6)', () => {
  test('renamed, its settings and home tariff set by its owner only', async () => {
    const { id, code } = await homeCharger('CP-HOME-2', '6503');
    expect((await claim(owner, claimBody('6503', code, ownerId))).status).toBe(200);
    const changed = await t.call('updateHomeCharger', {
      token: owner,
      params: { id },
      body: { name: 'Garage', off_peak: true, randomised_delay: false, home_tariff: E7_TARIFF },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(homeChargerView.parse(changed.body.data)).toMatchObject({
      name: 'Garage',
      home_tariff_save: true,
      homeTariff: E7_TARIFF,
      settings: { offPeak: true, randomisedDelay: false },
    });

    const byNeighbour = await t.call('updateHomeCharger', {
      token: neighbour,
      params: { id },
      body: { name: 'Mine now' },
    });
    expect(byNeighbour.status).toBe(404);
    const badTime = await t.call('updateHomeCharger', {
      token: owner,
      params: { id },
      body: {
        home_tariff: { ...E7_TARIFF, nightRate: { cost: 7.5, start: '25:00', end: '05:30' } },
      },
    });
    expect(badTime.status).toBe(400);
    // Nobody but its owner starts a charge there.
    const start = (token: string) =>
      t.call('remoteStartTransaction', {
        token,
        body: { chargerid: id, connectorid: 1, source: 'CREDIT' },
      });
    expect((await start(neighbour)).status).toBe(404);
    expect((await start(owner)).status).not.toBe(404);
    // Nor reads its hold, its capabilities, its transactions or the cards tapped on it.
    const reads = (token: string) =>
      Promise.all([
        t.call('getChargerPreauth', { token, params: { chargerid: id } }),
        t.call('getChargerCapabilities', { token, params: { chargerid: id } }),
        t.call('checkMyTransactionData', { token, body: { chargerid: id, connectorid: 1 } }),
        t.call('getUnauthorizedAuthsOnChargerByBarcode', { token, body: { barcode: '6503' } }),
      ]);
    expect((await reads(neighbour)).map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
    expect((await reads(owner)).map((answer) => answer.status)).not.toContain(404);
    const cleared = await t.call('updateHomeCharger', {
      token: owner,
      params: { id },
      body: { home_tariff: null },
    });
    expect(homeChargerView.parse(cleared.body.data)).toMatchObject({
      name: 'Garage',
      home_tariff_save: false,
    });
  });

  test('a new code from the operator lets the owner go; the new code adopts it', async () => {
    const { id, code } = await homeCharger('CP-HOME-3', '6504');
    expect((await claim(owner, claimBody('6504', code, ownerId))).status).toBe(200);
    const renewed = await t.call('operatorUpdateCharger', {
      token: operator,
      params: { chargerid: id },
      body: { newAdoptionCode: true },
    });
    const fresh = (renewed.body.data as { adoptionCode?: string }).adoptionCode ?? '';
    expect(fresh).not.toBe(code);
    expect((await list(owner)).map((charger) => charger._id)).not.toContain(id);
    expect((await claim(neighbour, claimBody('6504', code, neighbourId))).status).toBe(400);
    expect((await claim(neighbour, claimBody('6504', fresh, neighbourId))).status).toBe(200);
  });
});

describe('adoption attempts are throttled per charger', () => {
  test('past the limit a charger refuses more attempts, from any address', async () => {
    const limited = await t.withApp({
      rateLimits: { claimCharger: { max: 3, timeWindowMs: 60_000 } },
    });
    const { code } = await homeCharger('CP-HOME-4', '6505');
    for (const address of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      const answer = await limited.call('claimCharger', {
        token: neighbour,
        body: claimBody('6505', 'AAAA-AAAA', neighbourId),
        remoteAddress: address,
      });
      expect(answer.status).toBe(400);
    }
    const blocked = await limited.call('claimCharger', {
      token: neighbour,
      body: claimBody('6505', code, neighbourId),
      remoteAddress: '10.1.0.4',
    });
    expect(blocked.status).toBe(429);
  });
});
