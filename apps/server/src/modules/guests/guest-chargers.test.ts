import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  calls,
  chargerView,
  listChargersResponse,
  preauthResponse,
  tariffInput,
  type CallDefinition,
  type CallName,
  type TariffInput,
  type TokenData,
} from '@evc/contract';
import { DEFAULT_PREAUTH_MINOR } from '@evc/domain';
import type { CallResult, TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';

/**
 * Issue 15: a guest finds chargers and reads everything about one, with its full public price,
 * before paying; every call that belongs to an account stays refused.
 */

let bed: TestBed;
let t: TestApp;
let guest: string;

/** A guest as the app makes one: an identifier, then tokens for this device. */
async function newGuest(uuid = 'guest-phone'): Promise<string> {
  const identifier = await t.call('guestIdentifier');
  expect(identifier.status).toBe(200);
  const { code } = identifier.body.data as { code: string };
  const answer = await t.call('guestTokens', { params: { code }, query: { uuid } });
  expect(answer.status).toBe(200);
  return (answer.body.data as TokenData).auth.token;
}

const ok = (answer: CallResult) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

const byBarcode = async (token: string, barcode: string) =>
  chargerView.parse(ok(await t.call('getChargerByBarcode', { token, body: { barcode } })));

const preauth = async (token: string, chargerid: string) =>
  preauthResponse.parse(ok(await t.call('getChargerPreauth', { token, params: { chargerid } })));

/** Monday to Sunday, 48 half-hours each: 30p at night (00:00–07:00), 52p by day. */
const halfHourly: NonNullable<TariffInput['variability']> = {
  twentyfourseven: true,
  regular_hours: Array.from({ length: 7 }, (_, day) => ({
    weekday: day + 1,
    periods: Array.from({ length: 48 }, (_, half) => ({
      standard_rate: half < 14 ? 0.3 : 0.52,
      available: true,
    })),
  })),
};

/** Every part of a price the app shows before the start (issue 15). */
const fullPrice: TariffInput = {
  standard_rate: 0.52,
  currency: 'GBP',
  connection_cost: 150,
  costperperiod: 20,
  period: 15,
  initialperiod: 60,
  overstaycostperperiod: 100,
  overstayperiod: 10,
  overstaygraceperiod: 30,
  variability: halfHourly,
};

beforeAll(async () => {
  bed = await startTestBed();
  t = bed.t;
  guest = await newGuest();
}, 60_000);
afterAll(() => bed.close());

describe('a guest finding a charger (issue 15)', () => {
  test('reads the public charger list, demo charger 1001 with its connectors among it', async () => {
    const list = listChargersResponse.parse(
      ok(await t.call('listChargers', { token: guest, body: {} })),
    );
    const at = list.barcode.indexOf('1001');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(list.name?.[at]).toBe('Leeds Dock');
    expect(list.connectors?.[at]?.map(([number, type]) => [number, type])).toEqual([
      [1, 'Type 2'],
      [2, 'Type 2'],
    ]);
    // The same list a driver reads: a guest sees no fewer public chargers.
    const driver = listChargersResponse.parse(
      ok(await t.call('listChargers', { token: bed.driver, body: {} })),
    );
    expect(list.barcode).toEqual(driver.barcode);
  });

  test('may not ask the list for a permission a guest does not hold', async () => {
    const answer = await t.call('listChargers', {
      token: guest,
      body: { permission_name: 'OPERATOR' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('PERMISSION_DENIED');
  });

  test('reads charger 1001 by its barcode, every connector, its tariff and its hold', async () => {
    const charger = await byBarcode(guest, '1001');
    expect(charger.name).toBe('Leeds Dock');
    expect(
      charger.connectors.map((connector) => [connector.connectornumber, connector.type]),
    ).toEqual([
      [1, 'Type 2'],
      [2, 'Type 2'],
    ]);
    for (const connector of charger.connectors) {
      expect(connector.currentStatus.status).toEqual(expect.any(String));
    }
    expect(charger.tariff).toMatchObject({ standard_rate: 0.45, currency: 'GBP' });
    expect(await byBarcode(guest, '1001')).toEqual(await byBarcode(bed.driver, '1001'));
    expect(await preauth(guest, charger._id)).toEqual({
      amount: DEFAULT_PREAUTH_MINOR,
      currency: 'GBP',
    });
  });

  test('sees the whole price of a variable tariff: half-hourly rates, connection, time and overstay fees', async () => {
    const provisioned = await bed.charger('CP-GUEST-PRICE', '6201', { tariff: fullPrice });
    const seen = await byBarcode(guest, '6201');
    expect(seen.tariff).toEqual(tariffInput.parse(fullPrice));
    expect(seen.tariff.variability?.regular_hours[0]?.periods[0]?.standard_rate).toBe(0.3);
    expect(seen.tariff.variability?.regular_hours[6]?.periods[47]?.standard_rate).toBe(0.52);
    expect(await preauth(guest, provisioned._id)).toEqual({
      amount: DEFAULT_PREAUTH_MINOR,
      currency: 'GBP',
    });
  });

  test('an unknown barcode or charger is a 404, a malformed one a 400', async () => {
    const unknown = await t.call('getChargerByBarcode', {
      token: guest,
      body: { barcode: '9898' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CHARGER_NOT_FOUND');
    const noCharger = await t.call('getChargerPreauth', {
      token: guest,
      params: { chargerid: 'no-such-charger' },
    });
    expect(noCharger.status).toBe(404);
    const malformed = await t.call('getChargerByBarcode', { token: guest, body: { barcode: 7 } });
    expect(malformed.status).toBe(400);
  });

  test('holds the guest permissions (charge at chargers, no credit) and reads a helpline', async () => {
    expect(ok(await t.call('getVisibilityPermissions', { token: guest, body: {} }))).toEqual([
      { name: 'CHARGER_CHARGE_AT' },
    ]);
    expect(ok(await t.call('getHelpline', { token: guest, body: { country_code: 'GB' } }))).toEqual(
      { helpline: '+44 20 7946 0123' },
    );
  });
});

describe('a guest’s price where a group has its own (issue 15)', () => {
  test('a member of the group pays the group’s tariff; a guest the public one', async () => {
    const charger = await bed.charger('CP-GUEST-GROUP', '6202', {
      tariff: { standard_rate: 0.61, currency: 'GBP', connection_cost: 100 },
    });
    const group = await t.call('operatorCreateGroup', {
      token: bed.operator,
      body: { name: 'Staff', groupcode: 'GUEST-PRICE-STAFF' },
    });
    const groupId = (ok(group) as { _id: string })._id;
    ok(
      await t.call('operatorSetGroupTariffs', {
        token: bed.operator,
        params: { groupid: groupId },
        body: { chargers: [charger._id], tariff: { standard_rate: 0, currency: 'GBP' } },
      }),
    );
    ok(
      await t.call('joinGroupByCode', {
        token: bed.driver,
        body: { code: { groupcode: 'GUEST-PRICE-STAFF', usercode: 'S-1' } },
      }),
    );

    const member = await byBarcode(bed.driver, '6202');
    expect(member.tariff.standard_rate).toBe(0);
    expect(await preauth(bed.driver, charger._id)).toEqual({ amount: 0, currency: 'GBP' });

    const seen = await byBarcode(guest, '6202');
    expect(seen.tariff).toEqual(
      tariffInput.parse({ standard_rate: 0.61, currency: 'GBP', connection_cost: 100 }),
    );
    expect(await preauth(guest, charger._id)).toEqual({
      amount: DEFAULT_PREAUTH_MINOR,
      currency: 'GBP',
    });
    // A guest of its own, made after the group was priced, sees the same public price.
    const other = await newGuest('another-phone');
    expect((await byBarcode(other, '6202')).tariff.standard_rate).toBe(0.61);
  });
});

describe('calls that belong to an account (issue 15)', () => {
  /** Every call needing a user's token that the contract does not open to guests. */
  const refused = (Object.keys(calls) as CallName[]).filter((name) => {
    const definition: CallDefinition = calls[name];
    return definition.auth === 'user' && definition.allowGuests !== true;
  });
  const dummyParams = (name: CallName) =>
    Object.fromEntries(
      [...calls[name].path.matchAll(/:([A-Za-z_]+)/g)].map(([, key]) => [key, 'x']),
    ) as Record<string, string>;

  test('include the account, balance, default-card, dashboard, group, RFID and operator calls', () => {
    expect(refused).toEqual(
      expect.arrayContaining([
        'userdata',
        'updateUser',
        'getUserBalance',
        'selectDefaultStripeSource',
        'updatePaymentMethod',
        'clearDefaultProfile',
        'getDashboardData',
        'listJoinedGroups',
        'joinGroupByCode',
        'createRFID',
        'getUserRFIDs',
        'getUnauthorizedAuthsOnChargerByBarcode',
        'operatorListChargers',
      ]),
    );
    // A guest charges and pays for itself (issue 15): those calls are its own, scoped to it.
    for (const open of [
      'listCards',
      'addToStripeSources',
      'getChargeHistory',
      'latestUserTransaction',
      'checkMyTransactionData',
      'remoteStartTransaction',
      'sendReceipt',
    ] as const) {
      expect(refused).not.toContain(open);
    }
  });

  test.each(refused)('%s refuses a guest with 403 GUEST_NOT_ALLOWED', async (name) => {
    const answer = await t.call(name, { token: guest, body: {}, params: dummyParams(name) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(answer.body.code).toBe('GUEST_NOT_ALLOWED');
  });
});
