import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargerView, GroupView, JoinedGroup } from '@evc/contract';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { provisionCharger, testCharger } from '../../test/test-chargers.ts';
import { AFFILIATION_JOIN_ERROR } from './service.ts';

let t: TestApp;
let driver: string;
let driverId: string;
// The operator is a signed-in user like any driver: here, also the other member.
let operator: string;
let operatorId: string;

async function userId(token: string): Promise<string> {
  const answer = await t.call('userdata', { token, body: {} });
  return (answer.body.data as { _id: string })._id;
}

async function createGroup(name: string, groupcode: string): Promise<GroupView> {
  const answer = await t.call('operatorCreateGroup', {
    token: operator,
    body: { name, groupcode },
  });
  expect(answer.status).toBe(200);
  return answer.body.data as GroupView;
}

async function joined(token: string): Promise<JoinedGroup[]> {
  const answer = await t.call('listJoinedGroups', { token, body: {} });
  expect(answer.status).toBe(200);
  return answer.body.data as JoinedGroup[];
}

beforeAll(async () => {
  t = await createTestApp();
  driver = (await t.login(DRIVER)).token;
  operator = (await t.login(OPERATOR)).token;
  driverId = await userId(driver);
  operatorId = await userId(operator);
});
afterAll(() => t.close());

describe('operator groups', () => {
  it('an operator creates a group; its code is kept upper case and listed', async () => {
    const group = await createGroup('  Leeds Fleet ', 'leeds-fleet');
    expect(group).toMatchObject({
      name: 'Leeds Fleet',
      groupCode: 'LEEDS-FLEET',
      members: 0,
      tariffs: [],
    });
    const list = await t.call('operatorListGroups', { token: operator });
    expect((list.body.data as GroupView[]).map((item) => item.groupCode)).toContain('LEEDS-FLEET');
  });

  it('a group code is unique whatever its case: 409', async () => {
    await createGroup('Unique', 'UNIQUE-1');
    const again = await t.call('operatorCreateGroup', {
      token: operator,
      body: { name: 'Other', groupcode: 'unique-1' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'GROUP_CODE_TAKEN' });
    expect(again.body.message).toMatch(/^groupcode:/);
  });

  it.each([
    [{ groupcode: 'NONAME' }, /^name:/],
    [{ name: 'Spaces', groupcode: 'has spaces' }, /^groupcode:/],
    [{ name: 'Short', groupcode: 'ab' }, /^groupcode:/],
    [{ name: '', groupcode: 'EMPTY-NAME' }, /^name:/],
  ])('bad input %j is a 400 naming the field', async (body, field) => {
    const answer = await t.call('operatorCreateGroup', { token: operator, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(field);
  });

  it('drivers may not create, list or price groups', async () => {
    const group = await createGroup('Operator only', 'OP-ONLY');
    const created = await t.call('operatorCreateGroup', {
      token: driver,
      body: { name: 'Mine', groupcode: 'MINE' },
    });
    expect(created.status).toBe(403);
    expect((await t.call('operatorListGroups', { token: driver })).status).toBe(403);
    const priced = await t.call('operatorSetGroupTariffs', {
      token: driver,
      params: { groupid: group._id },
      body: { chargers: ['any'], tariff: { standard_rate: 0.1, currency: 'GBP' } },
    });
    expect(priced.status).toBe(403);
    const list = await t.call('operatorListGroups', { token: operator });
    expect((list.body.data as GroupView[]).map((item) => item.groupCode)).not.toContain('MINE');
  });

  it('needs a signed-in user', async () => {
    const answer = await t.call('operatorCreateGroup', { body: { name: 'X', groupcode: 'XYZ' } });
    expect(answer.status).toBe(401);
  });
});

describe('joining and leaving (the development calls)', () => {
  it('a driver joins by code with their own code, sees it, and leaves it', async () => {
    const group = await createGroup('York Staff', 'YORK-STAFF');
    const before = Date.now();
    const answer = await t.call('joinGroupByCode', {
      token: driver,
      body: { code: { groupcode: ' york-staff ', usercode: ' EMP-42 ' } },
    });
    expect(answer.status).toBe(200);
    const membership = answer.body.data as JoinedGroup;
    expect(membership).toEqual({
      _id: group._id,
      name: 'York Staff',
      groupCode: 'YORK-STAFF',
      userCode: 'EMP-42',
      joinedAt: expect.any(String) as string,
      ownTariff: false,
    });
    expect(Date.parse(membership.joinedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await joined(driver)).toContainEqual(membership);

    const left = await t.call('leaveJoinedGroup', { token: driver, body: { groupid: group._id } });
    expect(left).toEqual({ status: 200, body: { data: true } });
    expect((await joined(driver)).map((item) => item._id)).not.toContain(group._id);
  });

  it('the own code is optional: left out or empty, it is null', async () => {
    await createGroup('No codes', 'NO-CODES');
    await createGroup('Empty code', 'EMPTY-CODE');
    const without = await t.call('joinGroupByCode', {
      token: driver,
      body: { code: { groupcode: 'NO-CODES' } },
    });
    const empty = await t.call('joinGroupByCode', {
      token: driver,
      body: { code: { groupcode: 'EMPTY-CODE', usercode: '' } },
    });
    expect((without.body.data as JoinedGroup).userCode).toBeNull();
    expect((empty.body.data as JoinedGroup).userCode).toBeNull();
  });

  it('joining twice is a 409 and leaves one membership', async () => {
    const group = await createGroup('Twice', 'TWICE');
    const body = { code: { groupcode: 'TWICE', usercode: 'A' } };
    expect((await t.call('joinGroupByCode', { token: driver, body })).status).toBe(200);
    const again = await t.call('joinGroupByCode', {
      token: driver,
      body: { code: { groupcode: 'twice', usercode: 'B' } },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ALREADY_IN_GROUP' });
    const mine = (await joined(driver)).filter((item) => item._id === group._id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.userCode).toBe('A');
  });

  it('an unknown group code is a 404 with the affiliation join error', async () => {
    const answer = await t.call('joinGroupByCode', {
      token: driver,
      body: { code: { groupcode: 'NO-SUCH-GROUP' } },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      code: 'AFFILIATION_JOIN_FAILED',
      message: AFFILIATION_JOIN_ERROR,
    });
  });

  it.each([
    ['joinGroupByCode', {}, /^code:/],
    ['joinGroupByCode', { code: {} }, /^code\.groupcode:/],
    [
      'joinGroupByCode',
      { code: { groupcode: 'OK-CODE', usercode: 'x'.repeat(65) } },
      /^code\.usercode:/,
    ],
    ['leaveJoinedGroup', {}, /^groupid:/],
    ['leaveJoinedGroup', { groupid: '' }, /^groupid:/],
    ['listJoinedGroups', { extra: 1 }, /^body|extra/],
  ] as const)('%s with %j is a 400 naming the field', async (name, body, field) => {
    const answer = await t.call(name, { token: driver, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(field);
  });

  it('leaving a group one is not in is a 404 and changes nothing', async () => {
    const group = await createGroup('Not mine', 'NOT-MINE');
    await t.call('joinGroupByCode', { token: operator, body: { code: { groupcode: 'NOT-MINE' } } });
    const answer = await t.call('leaveJoinedGroup', {
      token: driver,
      body: { groupid: group._id },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'GROUP_NOT_JOINED' });
    expect((await joined(operator)).map((item) => item._id)).toContain(group._id);
  });

  it('a driver never sees another driver’s groups', async () => {
    const group = await createGroup('Private', 'PRIVATE');
    await t.call('joinGroupByCode', { token: operator, body: { code: { groupcode: 'PRIVATE' } } });
    expect((await joined(operator)).map((item) => item._id)).toContain(group._id);
    expect((await joined(driver)).map((item) => item._id)).not.toContain(group._id);
    const legacy = await t.call('listJoinedUserGroups', { token: driver, body: {} });
    expect((legacy.body.data as JoinedGroup[]).map((item) => item._id)).not.toContain(group._id);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('listJoinedGroups', { body: {} })).status).toBe(401);
    expect(
      (await t.call('joinGroupByCode', { body: { code: { groupcode: 'PRIVATE' } } })).status,
    ).toBe(401);
  });
});

describe('the older calls with a userid', () => {
  it('join, list and leave with the caller’s own userid', async () => {
    const group = await createGroup('Legacy', 'LEGACY');
    const answer = await t.call('addUserToGroupByCode', {
      token: driver,
      body: { code: { groupcode: 'legacy', usercode: 'L-1' }, userid: driverId },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      _id: group._id,
      groupCode: 'LEGACY',
      userCode: 'L-1',
    });
    const list = await t.call('listJoinedUserGroups', { token: driver, body: {} });
    expect((list.body.data as JoinedGroup[]).map((item) => item._id)).toContain(group._id);
    const left = await t.call('removeSelfFromGroup', {
      token: driver,
      body: { userid: driverId, groupid: group._id },
    });
    expect(left).toEqual({ status: 200, body: { data: true } });
    expect((await joined(driver)).map((item) => item._id)).not.toContain(group._id);
  });

  it('another user’s userid is refused: nobody joins or leaves for someone else', async () => {
    const group = await createGroup('Someone else', 'SOMEONE-ELSE');
    const join = await t.call('addUserToGroupByCode', {
      token: driver,
      body: { code: { groupcode: 'SOMEONE-ELSE' }, userid: operatorId },
    });
    expect(join.status).toBe(403);
    expect((await joined(operator)).map((item) => item._id)).not.toContain(group._id);

    await t.call('joinGroupByCode', {
      token: operator,
      body: { code: { groupcode: 'SOMEONE-ELSE' } },
    });
    const leave = await t.call('removeSelfFromGroup', {
      token: driver,
      body: { userid: operatorId, groupid: group._id },
    });
    expect(leave.status).toBe(403);
    expect((await joined(operator)).map((item) => item._id)).toContain(group._id);
  });

  it('the older join gives the same errors: unknown code 404, twice 409', async () => {
    const unknown = await t.call('addUserToGroupByCode', {
      token: driver,
      body: { code: { groupcode: 'NOPE-NOPE' }, userid: driverId },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(AFFILIATION_JOIN_ERROR);
    await createGroup('Legacy twice', 'LEGACY-TWICE');
    const body = { code: { groupcode: 'LEGACY-TWICE' }, userid: driverId };
    expect((await t.call('addUserToGroupByCode', { token: driver, body })).status).toBe(200);
    expect((await t.call('addUserToGroupByCode', { token: driver, body })).status).toBe(409);
  });

  it.each([
    ['addUserToGroupByCode', { code: { groupcode: 'LEGACY' } }, /^userid:/],
    ['addUserToGroupByCode', { userid: 'x' }, /^code:/],
    ['removeSelfFromGroup', { groupid: 'g' }, /^userid:/],
    ['removeSelfFromGroup', { userid: 'u' }, /^groupid:/],
  ] as const)('%s with %j is a 400 naming the field', async (name, body, field) => {
    const answer = await t.call(name, { token: driver, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(field);
  });
});

describe('a group’s own tariff', () => {
  let cheap: GroupView;
  let dear: GroupView;
  let charger: ChargerView;
  let elsewhere: ChargerView;

  beforeAll(async () => {
    charger = await provisionCharger(t, operator, testCharger('CP-GROUP-1', '4701'));
    elsewhere = await provisionCharger(t, operator, testCharger('CP-GROUP-2', '4702'));
    cheap = await createGroup('Cheap', 'TARIFF-CHEAP');
    dear = await createGroup('Dear', 'TARIFF-DEAR');
  });

  const barcodeView = async (token: string, barcode: string) => {
    const answer = await t.call('getChargerByBarcode', { token, body: { barcode } });
    expect(answer.status).toBe(200);
    return answer.body.data as ChargerView;
  };

  it('is set at named chargers and shown to the operator', async () => {
    const answer = await t.call('operatorSetGroupTariffs', {
      token: operator,
      params: { groupid: dear._id },
      body: { chargers: [charger._id], tariff: { standard_rate: 0.3, currency: 'gbp' } },
    });
    expect(answer.status).toBe(200);
    expect((answer.body.data as GroupView).tariffs).toEqual([
      {
        chargerid: charger._id,
        tariff: expect.objectContaining({ standard_rate: 0.3, currency: 'GBP' }) as object,
      },
    ]);
  });

  it('a member sees the group tariff at that charger; others and other chargers do not change', async () => {
    await t.call('joinGroupByCode', {
      token: driver,
      body: { code: { groupcode: 'TARIFF-DEAR' } },
    });
    expect((await barcodeView(driver, '4701')).tariff.standard_rate).toBe(0.3);
    expect((await barcodeView(driver, '4702')).tariff.standard_rate).toBe(0.45);
    expect((await barcodeView(operator, '4701')).tariff.standard_rate).toBe(0.45);
    const mine = (await joined(driver)).find((item) => item._id === dear._id);
    expect(mine?.ownTariff).toBe(true);
  });

  it('with several groups, the lowest standard rate applies', async () => {
    await t.call('operatorSetGroupTariffs', {
      token: operator,
      params: { groupid: cheap._id },
      body: {
        chargers: [charger._id, elsewhere._id],
        tariff: { standard_rate: 0.2, currency: 'GBP', connection_cost: 25 },
      },
    });
    await t.call('joinGroupByCode', {
      token: driver,
      body: { code: { groupcode: 'TARIFF-CHEAP' } },
    });
    const seen = await barcodeView(driver, '4701');
    expect(seen.tariff).toMatchObject({ standard_rate: 0.2, connection_cost: 25 });
    expect(await t.services.groups.effectiveTariffFor(driverId, charger._id)).toMatchObject({
      standard_rate: 0.2,
      connection_cost: 25,
    });
    expect(await t.services.groups.effectiveTariffFor(operatorId, charger._id)).toBeNull();
  });

  it('leaving the group or a null tariff brings back the charger’s own tariff', async () => {
    await t.call('leaveJoinedGroup', { token: driver, body: { groupid: cheap._id } });
    expect((await barcodeView(driver, '4701')).tariff.standard_rate).toBe(0.3);
    const cleared = await t.call('operatorSetGroupTariffs', {
      token: operator,
      params: { groupid: dear._id },
      body: { chargers: [charger._id], tariff: null },
    });
    expect((cleared.body.data as GroupView).tariffs).toEqual([]);
    expect((await barcodeView(driver, '4701')).tariff.standard_rate).toBe(0.45);
    expect(await t.services.groups.effectiveTariffFor(driverId, charger._id)).toBeNull();
  });

  it('an unknown charger is a 404 naming it, and no tariff is written', async () => {
    const answer = await t.call('operatorSetGroupTariffs', {
      token: operator,
      params: { groupid: dear._id },
      body: {
        chargers: [charger._id, 'no-such-charger'],
        tariff: { standard_rate: 0.1, currency: 'GBP' },
      },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toContain('no-such-charger');
    const list = await t.call('operatorListGroups', { token: operator });
    const group = (list.body.data as GroupView[]).find((item) => item._id === dear._id);
    expect(group?.tariffs).toEqual([]);
  });

  it.each([
    [{ chargers: [], tariff: null }, /^chargers:/],
    [{ chargers: ['a', 'a'], tariff: null }, /^chargers:/],
    [{ chargers: ['a'] }, /^tariff:/],
    [
      { chargers: ['a'], tariff: { standard_rate: -1, currency: 'GBP' } },
      /^tariff\.standard_rate:/,
    ],
    [{ chargers: ['a'], tariff: { standard_rate: 0.2, currency: 'POUNDS' } }, /^tariff\.currency:/],
  ])('bad input %j is a 400 naming the field', async (body, field) => {
    const answer = await t.call('operatorSetGroupTariffs', {
      token: operator,
      params: { groupid: dear._id },
      body,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(field);
  });

  it('an unknown group is a 404', async () => {
    const answer = await t.call('operatorSetGroupTariffs', {
      token: operator,
      params: { groupid: 'no-such-group' },
      body: { chargers: [charger._id], tariff: null },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'GROUP_NOT_FOUND' });
  });
});
