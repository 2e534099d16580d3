import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { PAYMENT_METHODS } from '@evc/domain';
import {
  calls,
  chargeHistoryResponse,
  chargerView,
  listChargerPricesResponse,
  type CallDefinition,
  type CallName,
  type Calls,
  type RfidCard,
  type TokenData,
  type User,
} from '@evc/contract';
import { guests } from './platform/db/schema.ts';
import type { CallOptions, CallResult, TestApp } from './test/test-app.ts';
import { DRIVER } from './test/test-app.ts';
import { startTestBed, type TestBed } from './test/test-bed.ts';
import {
  chargeHold,
  confirmSandboxIntent,
  initiateIntent,
  sandboxHold,
  sandboxPaymentMethod,
  saveSandboxCard,
} from './test/test-payments.ts';
import { remoteStart, remoteStop, sessionView } from './test/test-sessions.ts';
import { registeredDriver, setStoredBalance, until } from './test/test-users.ts';
import { testCharger } from './test/test-chargers.ts';

/**
 * Issue 12: a second driver (B) calls every owner-scoped call of the catalogue with the first
 * driver's (A's) ids. No answer may read or change A's data, and A's data reads the same after.
 * Issue 15: a guest (G) walks every call the contract opens to guests with A's, B's and another
 * guest's (H's) ids, and is refused every other call.
 */

type UserCall = { [K in CallName]: Calls[K]['auth'] extends 'user' ? K : never }[CallName];

/** Everything of A's a call could name, and the public things (chargers, groups) around it. */
interface ForeignIds {
  userId: string;
  usercode: string;
  sessionId: string;
  intentId: string;
  cardId: string;
  rfidId: string;
  rfidUid: string;
  chargerId: string;
  barcode: string;
  groupId: string;
  groupCode: string;
  /** A's adopted home charger (issue 16). */
  homeChargerId: string;
  homeBarcode: string;
}

interface Probe {
  /** The call as B makes it, naming the ids given, with `shape`'s fields where it has some. */
  send: (ids: ForeignIds, shape: Record<string, unknown>) => CallOptions;
  /** Payload fields to vary besides the ids. */
  shapes?: fc.Arbitrary<Record<string, unknown>>;
  /**
   * Set when a 2xx is a proper answer about B's own data (a list of B's things, B's null
   * "latest session"): the answer must then carry nothing of A's. Without it, any 2xx fails.
   */
  ownAnswer?: string;
}

/**
 * Calls that take no id of anyone else's and act on the caller's own account only, or that a
 * driver is refused outright; each with the reason it is not probed here.
 */
const takesNoForeignId: Partial<Record<UserCall, string>> = {
  mfaMethods: "reads the caller's own MFA methods",
  mfaSetup: "sets up MFA on the caller's own account",
  mfaSetupConfirm: "confirms the caller's own MFA setup",
  mfaSetDefault: "changes the caller's own default MFA method",
  mfaRemove: "removes one of the caller's own MFA methods",
  updatePassword: "changes the caller's own password, given the current one",
  checkToken: "checks the caller's own token",
  logout: "ends the caller's own session",
  requestAccountDeletion: "deletes the caller's own account",
  getVisibilityPermissions: "the caller's own permissions, from their roles",
  getHelpline: 'the helpline of a country',
  sandboxCreatePaymentMethod: 'makes a new payment method from a card number',
  operatorCreateCharger: 'an operator call (operator tests); names no existing thing',
  operatorCreateGroup: 'an operator call (operator tests); names no existing thing',
  listEnergySuppliers: 'the energy suppliers and plans every driver reads alike',
  operatorReplaceEnergySuppliers:
    'an operator call (energy supplier tests); replaces a list no driver owns',
  joinGroupByCode:
    "a group's code is its invitation, not a driver's data: joining changes only the caller's memberships",
};

/** Calls that name their caller answer a caller who names themself. */
const NAMES_CALLER = "with the caller's own user id, the caller's own account";

const probes: Partial<Record<UserCall, Probe>> = {
  userdata: { send: () => ({ body: {} }), ownAnswer: "the caller's own account" },
  updateUser: {
    send: (ids) => ({
      params: { userid: ids.userId },
      body: { fields: { first_name: 'Mallory', language: 'fr' } },
    }),
    ownAnswer: NAMES_CALLER,
  },
  setUserLanguage: {
    send: (ids) => ({ body: { userid: ids.userId, lang: 'fr' } }),
    ownAnswer: NAMES_CALLER,
  },
  getUserBalance: {
    send: (ids) => ({ body: { userid: ids.userId, refresh: true } }),
    ownAnswer: NAMES_CALLER,
  },
  getBalanceStatement: {
    send: (ids) => ({ body: { userid: ids.userId } }),
    ownAnswer: NAMES_CALLER,
  },
  getChargerByBarcode: {
    send: (ids) => ({ body: { barcode: ids.barcode } }),
    ownAnswer: 'a public charger',
  },
  listHomeChargers: { send: () => ({}), ownAnswer: "the caller's own home chargers: none" },
  claimCharger: {
    send: (ids) => ({
      body: {
        accesscode: 'AAAA-AAAA',
        userid: ids.userId,
        chargerid: ids.homeBarcode,
        name: 'Taken over',
        terms: true,
        privacy: true,
      },
    }),
  },
  updateHomeCharger: {
    send: (ids) => ({ params: { id: ids.homeChargerId }, body: { name: 'Taken over' } }),
  },
  listChargers: { send: () => ({ body: {} }), ownAnswer: 'the public charger list' },
  listChargerPrices: {
    send: (ids) => ({ body: { barcodes: [ids.barcode, ids.homeBarcode] } }),
    ownAnswer: "the public chargers' prices to the caller; a home charger is left out",
  },
  operatorListChargers: { send: () => ({}) },
  getChargerSchedules: { send: (ids) => ({ params: { chargerid: ids.homeChargerId } }) },
  putChargerSchedules: {
    send: (ids) => ({
      params: { chargerid: ids.homeChargerId },
      body: { scheduleType: 'NONE', schedules: [] },
    }),
  },
  getGovernmentDefaultProfile: { send: (ids) => ({ params: { chargerid: ids.homeChargerId } }) },
  getReadyBy: { send: (ids) => ({ params: { chargerid: ids.homeChargerId } }) },
  putReadyBy: {
    send: (ids) => ({
      params: { chargerid: ids.homeChargerId },
      body: { enabled: true, targetKwh: 10, readyBy: '07:00' },
    }),
  },
  operatorGetCharger: { send: (ids) => ({ params: { chargerid: ids.chargerId } }) },
  operatorUpdateCharger: {
    send: (ids) => ({ params: { chargerid: ids.chargerId }, body: { name: 'Taken over' } }),
  },
  operatorDeleteCharger: { send: (ids) => ({ params: { chargerid: ids.chargerId } }) },
  getChargerPreauth: {
    send: (ids) => ({ params: { chargerid: ids.chargerId } }),
    ownAnswer: "the charger's pre-authorisation for the caller",
  },
  checkMyTransactionData: {
    send: (ids) => ({ body: { chargerid: ids.chargerId, connectorid: 1 } }),
    ownAnswer: "the caller's own transaction there: none",
  },
  getUnauthorizedAuthsOnChargerByBarcode: {
    send: (ids) => ({ body: { barcode: ids.barcode } }),
    ownAnswer: 'unknown tags shown at a charger',
  },
  getChargerCapabilities: {
    send: (ids) => ({ params: { chargerid: ids.chargerId } }),
    ownAnswer: "a charger's capabilities",
  },
  listCards: { send: () => ({ body: {} }), ownAnswer: "the caller's own cards" },
  addToStripeSources: { send: (ids) => ({ body: { card: ids.cardId, fuelCard: false } }) },
  deleteStripeSource: { send: (ids) => ({ body: { source: ids.cardId } }) },
  selectDefaultStripeSource: { send: (ids) => ({ body: { source: ids.cardId } }) },
  getPaymentMethod: { send: (ids) => ({ query: { pm_id: ids.cardId } }) },
  updatePaymentMethod: {
    send: (ids) => ({
      body: {
        pm_id: ids.cardId,
        name: 'Mallory',
        address_line1: '1 Other Street',
        address_city: 'Hull',
        address_postal_code: 'HU1 1AA',
        address_country: 'GB',
      },
    }),
  },
  initiatePaymentIntent: {
    send: (ids) => ({ body: { ...chargeHold(ids.chargerId, ids.cardId), amount: 3000 } }),
  },
  getUncapturedPaymentIntents: {
    send: (ids) => ({ body: { card_id: ids.cardId } }),
    ownAnswer: "the caller's own holds on that card: none",
  },
  sendReceipt: {
    send: (ids, shape) => ({ body: { transactionid: ids.sessionId, ...shape } }),
    // A guest names the address (a user may not): with and without one, nothing of A's is sent.
    shapes: fc.oneof(fc.constant({}), fc.constant({ email: 'probe@example.org' })),
  },
  sandboxConfirmPaymentIntent: {
    send: (ids) => ({ params: { id: ids.intentId }, body: { payment_method: ids.cardId } }),
  },
  sandboxAuthenticatePaymentIntent: {
    send: (ids) => ({ params: { id: ids.intentId }, body: { outcome: 'fail' } }),
  },
  sandboxGetPaymentIntent: { send: (ids) => ({ params: { id: ids.intentId } }) },
  remoteStartTransaction: {
    send: (ids, shape) => ({
      body: { chargerid: ids.chargerId, connectorid: 1, intent_id: ids.intentId, ...shape },
    }),
    // Sources that need no intent as well: a start naming A's intent with one is refused too.
    shapes: fc.record({ source: fc.constantFrom(...PAYMENT_METHODS) }),
  },
  remoteStopTransaction: { send: (ids) => ({ body: { transactionid: ids.sessionId } }) },
  pauseTransaction: { send: (ids) => ({ params: { transactionid: ids.sessionId } }) },
  unpauseTransaction: { send: (ids) => ({ params: { transactionid: ids.sessionId } }) },
  clearDefaultProfile: { send: (ids) => ({ body: { transactionid: ids.sessionId } }) },
  getTransactionByID: { send: (ids) => ({ body: { transactionid: ids.sessionId } }) },
  latestUserTransaction: { send: () => ({}), ownAnswer: "the caller's own latest session" },
  unlockChargerConnector: {
    send: (ids) => ({ body: { chargerid: ids.chargerId, connectorid: 1 } }),
  },
  unlockCheck: {
    send: (ids) => ({ query: { chargerid: ids.chargerId, connectorid: '1', userid: ids.userId } }),
  },
  listJoinedUserGroups: { send: () => ({ body: {} }), ownAnswer: "the caller's own groups" },
  listJoinedGroups: { send: () => ({ body: {} }), ownAnswer: "the caller's own groups" },
  removeSelfFromGroup: { send: (ids) => ({ body: { userid: ids.userId, groupid: ids.groupId } }) },
  addUserToGroupByCode: {
    send: (ids) => ({
      body: { code: { groupcode: ids.groupCode, usercode: '' }, userid: ids.userId },
    }),
    ownAnswer: `${NAMES_CALLER}; a group's code is its invitation`,
  },
  leaveJoinedGroup: {
    send: (ids) => ({ body: { groupid: ids.groupId } }),
    ownAnswer: "the caller's own membership, once they joined by the code",
  },
  operatorListGroups: { send: () => ({}) },
  operatorSetGroupTariffs: {
    send: (ids) => ({
      params: { groupid: ids.groupId },
      body: { chargers: [ids.chargerId], tariff: { standard_rate: 0.01, currency: 'GBP' } },
    }),
  },
  getChargeHistory: {
    send: (ids) => ({ body: { usercode: ids.usercode, limit: 20 } }),
    ownAnswer: "the caller's own history",
  },
  getDashboardData: {
    send: (ids) => ({ body: { chargerid: ids.chargerId } }),
    ownAnswer: "the caller's own figures at that charger",
  },
  createRFID: {
    send: (ids) => ({ body: { tagData: { uid: ids.rfidUid, userid: ids.userId } } }),
    ownAnswer: "a new card of the caller's own, for a uid nobody holds",
  },
  linkRFIDByCardnumber: {
    send: (ids) => ({ body: { cardnumber: ids.rfidUid, userid: ids.userId } }),
    ownAnswer: "the caller's own card, for a card number nobody holds",
  },
  unlinkRFID: { send: (ids) => ({ body: { rfidid: ids.rfidId, userid: ids.userId } }) },
  getUserRFIDs: {
    send: (ids) => ({ body: { userid: ids.userId } }),
    ownAnswer: "the caller's own cards",
  },
};

/**
 * The console's staff calls (issue 18) are left out: every one refuses a driver's and a guest's
 * token whatever it names, as support/staff-access.test.ts checks over the whole catalogue.
 */
const userCalls = (Object.keys(calls) as CallName[]).filter(
  (name): name is UserCall =>
    calls[name].auth === 'user' && (calls[name] as { staff?: boolean }).staff !== true,
);

let bed: TestBed;
let t: TestApp;
/** A's token (the seeded driver) and B's (a driver who registered). */
let a: string;
let b: string;
let bId: string;
/** A's things, and every id of A's B might name (several per kind), and B's own user id. */
let mine: ForeignIds;
/** A's ids, but B's own user id and code where the call names its caller. */
let asCaller: ForeignIds;
const aIds: Record<keyof ForeignIds, string[]> = {
  userId: [],
  usercode: [],
  sessionId: [],
  intentId: [],
  cardId: [],
  rfidId: [],
  rfidUid: [],
  chargerId: [],
  barcode: [],
  groupId: [],
  groupCode: [],
  homeChargerId: [],
  homeBarcode: [],
};
/** Strings that are A's alone: none may appear in an answer to B. */
let secrets: string[];
let before: unknown;
/** G's token; G's and H's ids and codes; what G must never read besides A's secrets. */
let g: string;
let gIds: { id: string; code: string };
let hIds: { id: string; code: string };
/** H's token, and what H charged: a running session, its hold, a spare hold, the cards. */
let h: string;
const hOwn: Pick<Record<keyof ForeignIds, string[]>, 'sessionId' | 'intentId' | 'cardId'> = {
  sessionId: [],
  intentId: [],
  cardId: [],
};
let hBefore: unknown;
let guestSecrets: string[];
/** The rate A's group pays at A's charger: the public price is all a guest may see. */
const GROUP_RATE = 0.1234;

/** What A reads of their own data; B's calls must leave every bit of it as it was. */
async function aData() {
  const ok = async (answer: Promise<CallResult>) => {
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const session = async (id: string) => {
    const view = await sessionView(t, a, id);
    // A running session's energy and cost move by themselves; who and what it is does not.
    return {
      id,
      state: view.state,
      source: view.source,
      intent: view.intent_id,
      pay: view.payment,
    };
  };
  const intent = async (id: string) => {
    const data = (await ok(t.call('sandboxGetPaymentIntent', { token: a, params: { id } }))) as {
      status: string;
      amount_capturable: number;
      amount_received: number;
    };
    return [id, data.status, data.amount_capturable, data.amount_received];
  };
  const history = chargeHistoryResponse.parse(
    await ok(
      t.call('getChargeHistory', { token: a, body: { usercode: mine.usercode, limit: 20 } }),
    ),
  );
  const charger = chargerView.parse(
    await ok(
      t.call('operatorGetCharger', { token: bed.operator, params: { chargerid: mine.chargerId } }),
    ),
  );
  return {
    user: await ok(t.call('userdata', { token: a, body: {} })),
    balance: await ok(t.call('getUserBalance', { token: a, body: { userid: mine.userId } })),
    statement: await ok(t.call('getBalanceStatement', { token: a, body: { userid: mine.userId } })),
    cards: await ok(t.call('listCards', { token: a, body: {} })),
    rfids: await ok(t.call('getUserRFIDs', { token: a, body: { userid: mine.userId } })),
    groups: await ok(t.call('listJoinedGroups', { token: a, body: {} })),
    history: history.map((item) => [item._id, item.chargerid, item.startdate, item.finished]),
    sessions: await Promise.all(aIds.sessionId.map(session)),
    intents: await Promise.all(aIds.intentId.map(intent)),
    held: await ok(
      t.call('getUncapturedPaymentIntents', { token: a, body: { card_id: mine.cardId } }),
    ),
    charger: [charger.name, charger.idTag.barcode, charger.tariff],
    home: await ok(t.call('listHomeChargers', { token: a })),
  };
}

beforeAll(async () => {
  bed = await startTestBed({ sessions: { startTimeoutMs: 60_000 } });
  ({ t, driver: a } = bed);
  ({ token: b, id: bId } = await registeredDriver(t, 'second.driver@example.org'));
  await setStoredBalance(t, DRIVER.email, -5000);

  const { charger, sim } = await bed.liveCharger('CP-OWNER-1', '6101');
  const { charger: idle } = await bed.liveCharger('CP-OWNER-2', '6102');
  const user = (await t.call('userdata', { token: a, body: {} })).body.data as User;

  // B charged at this connector before A came (B's latest session there, long over).
  await setStoredBalance(t, 'second.driver@example.org', -5000);
  const earlier = await remoteStart(t, b, {
    chargerid: charger._id,
    connectorid: 1,
    source: 'CREDIT',
  });
  await until(
    () => sessionView(t, b, earlier._id),
    (view) => view.kWh > 0.05,
  );
  await remoteStop(t, b, earlier._id);
  await until(
    () => sessionView(t, b, earlier._id),
    (view) => view.state === 'finished' && view.payment.status === 'debited',
  );
  await until(
    () => Promise.resolve(sim.status(1)),
    (status) => status === 'Available',
  );

  // A finished session, paid from a card hold: history and a receipt.
  const first = await sandboxHold(t, a, charger._id);
  const finished = await remoteStart(t, a, {
    chargerid: charger._id,
    connectorid: 1,
    source: 'PAYG',
    intent_id: first.intentId,
  });
  await until(
    () => sessionView(t, a, finished._id),
    (view) => view.kWh > 0.05,
  );
  await remoteStop(t, a, finished._id);
  await until(
    () => sessionView(t, a, finished._id),
    (view) => view.state === 'finished' && view.payment.status === 'captured',
  );
  await until(
    () => Promise.resolve(sim.status(1)),
    (status) => status === 'Available',
  );
  // A session running now, on another hold.
  const second = await sandboxHold(t, a, charger._id);
  const running = await remoteStart(t, a, {
    chargerid: charger._id,
    connectorid: 1,
    source: 'PAYG',
    intent_id: second.intentId,
  });
  await until(
    () => sessionView(t, a, running._id),
    (view) => view.state === 'charging',
  );
  // A hold not yet used, an intent not yet confirmed, and a top-up.
  const spare = await sandboxHold(t, a, idle._id);
  const unconfirmed = await initiateIntent(t, a, chargeHold(idle._id, spare.card.id));
  const topup = await initiateIntent(t, a, {
    type: 'topup',
    amount: 1000,
    source: spare.card.id,
    capture_method: 'automatic',
  });
  expect((await confirmSandboxIntent(t, a, topup.intentid, spare.card.id)).status).toBe(200);
  // An RFID card, and a group membership.
  const rfid = await t.call('createRFID', {
    token: a,
    body: { tagData: { uid: '04AB12CD', userid: user._id, name: 'Work' } },
  });
  expect(rfid.status, JSON.stringify(rfid.body)).toBe(200);
  const card = rfid.body.data as RfidCard;
  const group = await t.call('operatorCreateGroup', {
    token: bed.operator,
    body: { name: 'Owner scope', groupcode: 'OWNER-SCOPE' },
  });
  expect(group.status).toBe(200);
  const joined = await t.call('joinGroupByCode', {
    token: a,
    body: { code: { groupcode: 'OWNER-SCOPE', usercode: 'A-1' } },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);

  // A's home charger, adopted with its installer's code.
  const provisioned = await t.call('operatorCreateCharger', {
    token: bed.operator,
    body: testCharger('CP-OWNER-HOME', '6104', { home: true }),
  });
  const home = provisioned.body.data as { _id: string; adoptionCode?: string };
  const adopted = await t.call('claimCharger', {
    token: a,
    body: {
      accesscode: home.adoptionCode,
      userid: user._id,
      chargerid: '6104',
      name: 'Driveway',
      terms: true,
      privacy: true,
    },
  });
  expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);

  mine = {
    userId: user._id,
    usercode: user.HRCode,
    sessionId: running._id,
    intentId: spare.intentId,
    cardId: spare.card.id,
    rfidId: card._id,
    rfidUid: card.uid,
    chargerId: charger._id,
    barcode: charger.idTag.barcode,
    groupId: (group.body.data as { _id: string })._id,
    groupCode: 'OWNER-SCOPE',
    homeChargerId: home._id,
    homeBarcode: '6104',
  };
  Object.assign(aIds, {
    userId: [user._id],
    usercode: [user.HRCode],
    sessionId: [running._id, finished._id],
    intentId: [
      spare.intentId,
      unconfirmed.intentid,
      first.intentId,
      second.intentId,
      topup.intentid,
    ],
    cardId: [spare.card.id, first.card.id, second.card.id],
    rfidId: [card._id],
    rfidUid: [card.uid],
    chargerId: [charger._id, idle._id],
    barcode: [charger.idTag.barcode, idle.idTag.barcode],
    groupId: [mine.groupId],
    groupCode: ['OWNER-SCOPE'],
    homeChargerId: [home._id],
    homeBarcode: ['6104'],
  });
  secrets = [
    user._id,
    user.HRCode,
    DRIVER.email,
    card._id,
    card.uid,
    home._id,
    unconfirmed.client_secret,
    ...aIds.sessionId,
    ...aIds.intentId,
    ...aIds.cardId,
  ];
  const self = (await t.call('userdata', { token: b, body: {} })).body.data as User;
  asCaller = { ...mine, userId: self._id, usercode: self.HRCode };
  aIds.userId.push(self._id);
  aIds.usercode.push(self.HRCode);
  // B is a driver with money and a card of their own, who could start anywhere.
  await saveSandboxCard(t, b);
  await sandboxPaymentMethod(t, b);
  // A's group has its own price at A's charger, which only its members see.
  const priced = await t.call('operatorSetGroupTariffs', {
    token: bed.operator,
    params: { groupid: mine.groupId },
    body: { chargers: [mine.chargerId], tariff: { standard_rate: GROUP_RATE, currency: 'GBP' } },
  });
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  // B is in none of A's groups: no answer to B may carry the group's price.
  secrets.push(String(GROUP_RATE));
  // Two guests, made as the app makes them; G walks the calls, H is someone else.
  const g1 = await newGuest('guest-phone-g');
  const other = await newGuest('guest-phone-h');
  g = g1.token;
  gIds = g1.ids;
  hIds = other.ids;
  h = other.token;
  // H charges as a guest does: a card it saved, a hold on it running a session, a spare hold.
  const { charger: hCharger } = await bed.liveCharger('CP-OWNER-3', '6103');
  const hRun = await sandboxHold(t, h, hCharger._id);
  const hSession = await remoteStart(t, h, {
    chargerid: hCharger._id,
    connectorid: 1,
    source: 'PAYG',
    intent_id: hRun.intentId,
  });
  const hSpare = await sandboxHold(t, h, hCharger._id);
  Object.assign(hOwn, {
    sessionId: [hSession._id],
    intentId: [hRun.intentId, hSpare.intentId],
    cardId: [hRun.card.id, hSpare.card.id],
  });
  guestSecrets = [
    ...secrets,
    bId,
    self.HRCode,
    hIds.id,
    hIds.code,
    String(GROUP_RATE),
    ...hOwn.sessionId,
    ...hOwn.intentId,
    ...hOwn.cardId,
  ];
  before = await aData();
  hBefore = await hData();
}, 240_000);

/** A guest through the real identifier and tokens calls: its token, id and code. */
async function newGuest(uuid: string) {
  const identifier = await t.call('guestIdentifier');
  expect(identifier.status).toBe(200);
  const { code } = identifier.body.data as { code: string };
  const answer = await t.call('guestTokens', { params: { code }, query: { uuid } });
  expect(answer.status).toBe(200);
  const [row] = await t.database.db.select().from(guests).where(eq(guests.code, code));
  if (!row) throw new Error(`no guest ${code}`);
  return { token: (answer.body.data as TokenData).auth.token, ids: { id: row.id, code } };
}

/** What H reads of its own: G's calls must leave it as it was. */
async function hData() {
  return {
    sessions: await Promise.all(
      hOwn.sessionId.map(async (id) => {
        const view = await sessionView(t, h, id);
        return [id, view.state === 'pending' ? 'charging' : view.state, view.payment.held];
      }),
    ),
    intents: await Promise.all(
      hOwn.intentId.map(async (id) => {
        const answer = await t.call('sandboxGetPaymentIntent', { token: h, params: { id } });
        const data = answer.body.data as { status: string; amount_capturable: number };
        return [id, data.status, data.amount_capturable];
      }),
    ),
    cards: (await t.call('listCards', { token: h })).body.data,
  };
}

afterAll(() => bed.close());

/** Real ids from `pool` mostly (A's by default), now and then another string in their place. */
const foreignIds = (pool: Record<keyof ForeignIds, string[]> = aIds): fc.Arbitrary<ForeignIds> =>
  fc.record(
    Object.fromEntries(
      Object.entries(pool).map(([kind, values]) => [
        kind,
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...values) },
          { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 24 }) },
        ),
      ]),
    ) as { [K in keyof ForeignIds]: fc.Arbitrary<string> },
  );

describe('a second driver naming the first driver’s ids (issue 12)', () => {
  test('every call a user makes is probed here or says why it names no one else’s data', () => {
    const unaccounted = userCalls.filter(
      (name) => probes[name] === undefined && takesNoForeignId[name] === undefined,
    );
    const both = userCalls.filter((name) => probes[name] && takesNoForeignId[name]);
    expect({ unaccounted, both }).toEqual({ unaccounted: [], both: [] });
  });

  test.each(userCalls.filter((name) => probes[name] !== undefined))(
    '%s with A’s ids reads and changes nothing of A’s',
    async (name) => {
      const probe = probes[name];
      if (!probe) throw new Error(`no probe for ${name}`);
      await fc.assert(
        fc.asyncProperty(foreignIds(), probe.shapes ?? fc.constant({}), async (ids, shape) => {
          const answer = await t.call(name, { token: b, ...probe.send(ids, shape) });
          const text = JSON.stringify(answer.body);
          expect(answer.status, text).toBeLessThan(500);
          if (answer.status >= 200 && answer.status < 300) {
            expect(probe.ownAnswer, `${name} answered ${answer.status}: ${text}`).toBeDefined();
            expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
          }
        }),
        {
          numRuns: 6,
          examples: [
            [mine, { source: 'CREDIT' }],
            [asCaller, { source: 'PAYG' }],
          ],
        },
      );
    },
  );

  test('A’s data reads the same afterwards', async () => {
    expect(await aData()).toEqual(before);
    // B's own account was used all along, and is still B's.
    const self = (await t.call('userdata', { token: b, body: {} })).body.data as User;
    expect(self._id).toBe(bId);
  });
});

describe('a guest naming a user’s and another guest’s ids (issue 15)', () => {
  const guestsMay = (name: CallName) => (calls[name] as CallDefinition).allowGuests === true;
  const opened = userCalls.filter(guestsMay);
  const closed = userCalls.filter((name) => !guestsMay(name));

  test('the calls open to guests are the charger, reference, sandbox payment and own-token ones', () => {
    expect([...opened].sort()).toEqual(
      [
        'checkToken',
        'logout',
        'getVisibilityPermissions',
        'getHelpline',
        'getChargerByBarcode',
        'listChargers',
        'listChargerPrices',
        'getChargerPreauth',
        'sandboxCreatePaymentMethod',
        'sandboxConfirmPaymentIntent',
        'sandboxAuthenticatePaymentIntent',
        'sandboxGetPaymentIntent',
        'getTransactionByID',
        // Charging and paying as a guest (issue 15): its own sessions, intents and cards only.
        'initiatePaymentIntent',
        'getUncapturedPaymentIntents',
        'remoteStartTransaction',
        'remoteStopTransaction',
        'pauseTransaction',
        'unpauseTransaction',
        'latestUserTransaction',
        'unlockChargerConnector',
        'unlockCheck',
        'checkMyTransactionData',
        'getChargerCapabilities',
        'getChargeHistory',
        'sendReceipt',
        'listCards',
        'addToStripeSources',
        'deleteStripeSource',
        'getPaymentMethod',
      ].sort(),
    );
  });

  /** Guest calls that name no one's ids, walked with generated input all the same. */
  const guestOnlyProbes: Partial<Record<UserCall, Probe>> = {
    checkToken: { send: () => ({ body: {} }), ownAnswer: 'G’s own token' },
    getVisibilityPermissions: { send: () => ({ body: {} }), ownAnswer: 'the guest permissions' },
    getHelpline: {
      send: (_ids, shape) => ({ body: shape }),
      shapes: fc.record({
        country_code: fc.oneof(
          fc.constantFrom('GB', 'IE', 'gb', 'XX'),
          fc.string({ maxLength: 8 }),
        ),
      }),
      ownAnswer: 'a country’s helpline, the same for everyone',
    },
  };
  const notWalked: Partial<Record<UserCall, string>> = {
    logout: 'would end G’s own session (guests.test.ts logs a guest out)',
    sandboxCreatePaymentMethod: 'makes a new payment method from a card number; names nothing',
  };
  const walked = opened.filter((name) => (probes[name] ?? guestOnlyProbes[name]) !== undefined);

  test('every call open to guests is walked here or says why not', () => {
    expect(opened.filter((name) => !walked.includes(name) && !notWalked[name])).toEqual([]);
  });

  test.each(walked)('%s with A’s, B’s and H’s ids shows G nothing of theirs', async (name) => {
    const probe = probes[name] ?? guestOnlyProbes[name];
    if (!probe) throw new Error(`no probe for ${name}`);
    // Users' ids and codes (A's, B's) and guests' (G's own, H's) in the caller's places.
    const pool = {
      ...aIds,
      userId: [...aIds.userId, gIds.id, hIds.id],
      usercode: [...aIds.usercode, gIds.code, hIds.code],
      sessionId: [...aIds.sessionId, ...hOwn.sessionId],
      intentId: [...aIds.intentId, ...hOwn.intentId],
      cardId: [...aIds.cardId, ...hOwn.cardId],
    };
    const asGuest = { ...mine, userId: gIds.id, usercode: gIds.code };
    const asOtherGuest = { ...mine, userId: hIds.id, usercode: hIds.code };
    // G in its own places, naming H's session, hold and card.
    const hsThings = {
      ...asGuest,
      sessionId: hOwn.sessionId[0] ?? '',
      intentId: hOwn.intentId[0] ?? '',
      cardId: hOwn.cardId[0] ?? '',
    };
    await fc.assert(
      fc.asyncProperty(foreignIds(pool), probe.shapes ?? fc.constant({}), async (ids, shape) => {
        const answer = await t.call(name, { token: g, ...probe.send(ids, shape) });
        const text = JSON.stringify(answer.body);
        expect(answer.status, text).toBeLessThan(500);
        // Open to guests: refused only a choice a guest may not make (credit, a fuel card),
        // naming it, never the call.
        if (answer.body.code === 'GUEST_NOT_ALLOWED') expect(text).toMatch(/"field":"source"/);
        if (answer.status >= 200 && answer.status < 300) {
          expect(probe.ownAnswer, `${name} answered ${answer.status}: ${text}`).toBeDefined();
          expect(guestSecrets.filter((secret) => text.includes(secret))).toEqual([]);
        }
      }),
      {
        numRuns: 8,
        examples: [
          [mine, { source: 'CREDIT' }],
          [asGuest, { source: 'PAYG' }],
          [asOtherGuest, { source: 'PAYG' }],
          [hsThings, { source: 'PAYG' }],
          [hsThings, { source: 'GOOGLEPAY', email: 'probe@example.org' }],
        ],
      },
    );
  });

  test('G reads A’s charger at its public price, not the price of A’s group', async () => {
    const seen = await t.call('getChargerByBarcode', { token: g, body: { barcode: mine.barcode } });
    expect(chargerView.parse(seen.body.data).tariff.standard_rate).toBe(0.45);
    const member = await t.call('getChargerByBarcode', {
      token: a,
      body: { barcode: mine.barcode },
    });
    expect(chargerView.parse(member.body.data).tariff.standard_rate).toBe(GROUP_RATE);
  });

  test('G prices A’s charger at its public price, A at its group’s; A’s home charger is left out', async () => {
    const body = { barcodes: [mine.barcode, mine.homeBarcode] };
    const priced = async (token: string) =>
      listChargerPricesResponse.parse(
        (await t.call('listChargerPrices', { token, body })).body.data,
      ).prices;
    expect(await priced(g)).toEqual([
      { barcode: mine.barcode, currency: 'GBP', free: false, steps: [[0, 0.45]] },
    ]);
    expect(await priced(a)).toEqual([
      { barcode: mine.barcode, currency: 'GBP', free: false, steps: [[0, GROUP_RATE]] },
    ]);
  });

  test.each(closed.filter((name) => probes[name] !== undefined))(
    '%s with A’s ids refuses G (403 GUEST_NOT_ALLOWED)',
    async (name) => {
      const probe = probes[name];
      if (!probe) throw new Error(`no probe for ${name}`);
      const answer = await t.call(name, { token: g, ...probe.send(mine, { source: 'PAYG' }) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
      expect(answer.body.code).toBe('GUEST_NOT_ALLOWED');
    },
  );

  test('A’s and H’s data read the same after the guest’s calls too; G is still signed in', async () => {
    expect(await aData()).toEqual(before);
    expect(await hData()).toEqual(hBefore);
    expect((await t.call('checkToken', { token: g, body: {} })).status).toBe(200);
  });
});
