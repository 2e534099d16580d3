import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Card, TransactionView } from '@evc/contract';
import type { TestApp } from '../../test/test-app.ts';
import type { TestBed } from '../../test/test-bed.ts';
import {
  chargeHold,
  confirmSandboxIntent,
  initiateIntent,
  sandboxIntent,
  sandboxPaymentMethod,
  saveSandboxCard,
} from '../../test/test-payments.ts';
import { until } from '../../test/test-users.ts';
import { sessionSteps, startSessionTestBed } from '../sessions/test-support.ts';
import { newGuest, type TestGuest } from './test-support.ts';

// Issue 15: a guest charges and pays as a user does, by card or wallet, and sees only its own.

let bed: TestBed;
let t: TestApp;
let guest: TestGuest;
let otherGuest: TestGuest;

beforeAll(async () => {
  bed = await startSessionTestBed();
  t = bed.t;
  guest = await newGuest(t, 'guest-one');
  otherGuest = await newGuest(t, 'guest-two');
});

afterAll(() => bed.close());

const { session, start, chargeThenStop } = sessionSteps(() => bed);

/** A confirmed 3000 hold on a card the guest saved, for a charge at the charger. */
async function guestCardHold(who: TestGuest, chargerId: string, number?: string) {
  const card = await saveSandboxCard(t, who.token, number);
  const { intentid } = await initiateIntent(t, who.token, chargeHold(chargerId, card.id));
  const confirmed = await confirmSandboxIntent(t, who.token, intentid, card.id);
  return { card, intentId: intentid, confirmed };
}

const startPaid = (who: TestGuest, chargerId: string, source: string, intentId: string) =>
  start(who.token, { chargerid: chargerId, connectorid: 1, source, intent_id: intentId });

describe('a guest’s paid session on a charger', () => {
  test('by card: the hold is taken, the cost captured, the rest released, once', async () => {
    const { charger } = await bed.liveCharger('CP-GUEST-CARD', '7101');
    const { intentId, card } = await guestCardHold(guest, charger._id);
    const started = await startPaid(guest, charger._id, 'PAYG', intentId);
    expect(started.payment).toEqual({ held: 3000, captured: null, status: 'held' });

    const latest = await t.call('latestUserTransaction', { token: guest.token });
    expect((latest.body.data as TransactionView)._id).toBe(started._id);
    // The charger's transaction, as the guest's own: found through the tag issued for it.
    const mine = await until(
      () =>
        t.call('checkMyTransactionData', {
          token: guest.token,
          body: { chargerid: charger._id, connectorid: 1 },
        }),
      (answer) => answer.status !== 200 || answer.body.data !== null,
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    // The session is tied to the charger's transaction just after the transaction is stored.
    const running = await until(
      () => session(guest.token, started._id),
      (view) => view.id !== null,
    );
    expect(mine.body.data).toMatchObject({ transactionId: running.id });
    const notTheirs = await t.call('checkMyTransactionData', {
      token: otherGuest.token,
      body: { chargerid: charger._id, connectorid: 1 },
    });
    expect(notTheirs.body.data).toBeNull();

    const done = await chargeThenStop(guest.token, started._id);
    const total = done.data.cost.applied_cost.total;
    expect(total).toBeGreaterThan(0);
    expect(done.payment).toEqual({ held: 3000, captured: total, status: 'captured' });
    expect(await sandboxIntent(t, guest.token, intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: total,
    });

    const history = await t.call('getChargeHistory', {
      token: guest.token,
      body: { usercode: guest.code, limit: 10 },
    });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(JSON.stringify(history.body.data)).toContain(started._id);

    // The saved card is the guest's only: listed for it, unknown to another guest.
    const cards = await t.call('listCards', { token: guest.token });
    expect((cards.body.data as Card[]).map((row) => row.id)).toEqual([card.id]);
    const theirs = await t.call('listCards', { token: otherGuest.token });
    expect(theirs.body.data).toEqual([]);
  });

  test('by wallet: the wallet’s intent is held and captured', async () => {
    const { charger } = await bed.liveCharger('CP-GUEST-WALLET', '7102');
    const { intentid } = await initiateIntent(t, guest.token, chargeHold(charger._id, 'GOOGLEPAY'));
    const method = await sandboxPaymentMethod(t, guest.token);
    const confirmed = await confirmSandboxIntent(t, guest.token, intentid, method);
    expect(confirmed.body.data).toMatchObject({ status: 'requires_capture' });
    const started = await startPaid(guest, charger._id, 'GOOGLEPAY', intentid);
    await until(
      () => session(guest.token, started._id),
      (view) => view.state === 'charging',
    );

    // Pause and resume, as a user does; another guest can do neither, nor release the cable.
    const command = (name: 'pauseTransaction' | 'unpauseTransaction', who: TestGuest) =>
      t.call(name, { token: who.token, params: { transactionid: started._id } });
    expect((await command('pauseTransaction', otherGuest)).status).toBe(404);
    const paused = await command('pauseTransaction', guest);
    expect((paused.body.data as TransactionView).state).toBe('paused');
    const resumed = await command('unpauseTransaction', guest);
    expect((resumed.body.data as TransactionView).state).toBe('charging');
    const unlock = (who: TestGuest) =>
      t.call('unlockChargerConnector', {
        token: who.token,
        body: { chargerid: charger._id, connectorid: 1 },
      });
    expect((await unlock(otherGuest)).status).toBe(404);
    expect((await unlock(guest)).body.data).toEqual({ status: 'Unlocked' });
    // A guest names itself in unlockCheck by its code (or its id).
    const check = (who: TestGuest, userid: string) =>
      t.call('unlockCheck', {
        token: who.token,
        query: { chargerid: charger._id, connectorid: '1', userid },
      });
    expect((await check(guest, guest.code)).body.data).toMatchObject({ released: false });
    expect((await check(guest, otherGuest.code)).status).toBe(403);
    expect((await check(otherGuest, otherGuest.code)).status).toBe(404);

    const done = await chargeThenStop(guest.token, started._id);
    expect(done.payment.status).toBe('captured');
    expect(done.payment.captured).toBe(done.data.cost.applied_cost.total);
  });

  test('at a free charger: starts with nothing held and nothing to pay', async () => {
    const { charger } = await bed.liveCharger('CP-GUEST-FREE', '5406', {
      tariff: { standard_rate: 0, currency: 'GBP' },
    });
    const started = await start(guest.token, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'PAYG',
    });
    expect(started.payment).toEqual({ held: 0, captured: null, status: 'none' });
    const done = await chargeThenStop(guest.token, started._id);
    expect(done.data.cost.applied_cost.total).toBe(0);
    expect(done.payment.captured ?? 0).toBe(0);
    // At a paid charger a card or wallet start without a hold is refused, naming the field.
    const { charger: paid } = await bed.liveCharger('CP-GUEST-NOHOLD', '5407');
    const refused = await t.call('remoteStartTransaction', {
      token: guest.token,
      body: { chargerid: paid._id, connectorid: 1, source: 'PAYG' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('intent_id');
  });

  test('a declined card starts nothing', async () => {
    const { charger } = await bed.liveCharger('CP-GUEST-DECLINED', '7103');
    const { intentId, confirmed } = await guestCardHold(guest, charger._id, '4000000000000341');
    expect((confirmed.body.data as { status?: string } | undefined)?.status).not.toBe(
      'requires_capture',
    );
    const answer = await t.call('remoteStartTransaction', {
      token: guest.token,
      body: { chargerid: charger._id, connectorid: 1, source: 'PAYG', intent_id: intentId },
    });
    expect(answer.status).toBe(402);
    expect(answer.body.code).toBe('PAYMENT_FAILED');
  });

  test('a hold still held for the guest is offered again, to that guest only', async () => {
    const { charger } = await bed.liveCharger('CP-GUEST-REUSE', '7104');
    const { intentId, card } = await guestCardHold(guest, charger._id);
    const held = await t.call('getUncapturedPaymentIntents', {
      token: guest.token,
      body: { card_id: card.id },
    });
    expect(held.status).toBe(200);
    expect((held.body.data as { intentid: string }[]).map((row) => row.intentid)).toContain(
      intentId,
    );
    const notTheirs = await t.call('getUncapturedPaymentIntents', {
      token: otherGuest.token,
      body: { card_id: card.id },
    });
    expect(notTheirs.status).toBe(404);
    const started = await startPaid(guest, charger._id, 'PAYG', intentId);
    expect(started.payment.status).toBe('held');
    await chargeThenStop(guest.token, started._id);
  });
});

describe('what a guest cannot do', () => {
  test.each(['CREDIT', 'FUELCARD'])('pay by %s: 403 naming source', async (source) => {
    const charger = await bed.charger(`CP-GUEST-${source}`, source === 'CREDIT' ? '7105' : '7106');
    const answer = await t.call('remoteStartTransaction', {
      token: guest.token,
      body: { chargerid: charger._id, connectorid: 1, source },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'GUEST_NOT_ALLOWED', field: 'source' });
  });

  test('top up a balance, or save a fuel card', async () => {
    const card = await saveSandboxCard(t, guest.token);
    const topup = await t.call('initiatePaymentIntent', {
      token: guest.token,
      body: { type: 'topup', amount: 2000, source: card.id, capture_method: 'automatic' },
    });
    expect(topup.status).toBe(403);
    expect(topup.body).toMatchObject({ code: 'GUEST_NOT_ALLOWED', field: 'type' });
    const method = await sandboxPaymentMethod(t, guest.token);
    const fuel = await t.call('addToStripeSources', {
      token: guest.token,
      body: { card: method, fuelCard: true },
    });
    expect(fuel.status).toBe(403);
    expect(fuel.body).toMatchObject({ code: 'GUEST_NOT_ALLOWED', field: 'fuelCard' });
  });

  test('reach another guest’s session, intent or card', async () => {
    const { charger } = await bed.liveCharger('CP-GUEST-PRIVATE', '7107');
    const { intentId, card } = await guestCardHold(guest, charger._id);
    const started = await startPaid(guest, charger._id, 'PAYG', intentId);
    const as = (name: Parameters<TestApp['call']>[0], body: object) =>
      t.call(name, { token: otherGuest.token, body });
    expect((await as('getTransactionByID', { transactionid: started._id })).status).toBe(404);
    expect((await as('remoteStopTransaction', { transactionid: started._id })).status).toBe(404);
    expect(
      (await as('sendReceipt', { transactionid: started._id, email: 'x@example.com' })).status,
    ).toBe(404);
    expect((await as('deleteStripeSource', { source: card.id })).status).toBe(404);
    const read = await t.call('getPaymentMethod', {
      token: otherGuest.token,
      query: { pm_id: card.id },
    });
    expect(read.status).toBe(404);
    const confirm = await confirmSandboxIntent(t, otherGuest.token, intentId, card.id);
    expect(confirm.status).toBe(404);
    const elsewhere = await bed.liveCharger('CP-GUEST-ELSEWHERE', '7109');
    const stolen = await t.call('remoteStartTransaction', {
      token: otherGuest.token,
      body: {
        chargerid: elsewhere.charger._id,
        connectorid: 1,
        source: 'PAYG',
        intent_id: intentId,
      },
    });
    expect(stolen.status).toBe(404);
    expect((await session(guest.token, started._id)).state).not.toBe('rejected');
    await chargeThenStop(guest.token, started._id);
  });
});

describe('a guest’s receipts', () => {
  test('go to the address it gives, in its language, naming its code; later ones follow', async () => {
    const { charger } = await bed.liveCharger('CP-GUEST-RECEIPT', '7108');
    const receiptGuest = await newGuest(t, 'guest-receipts');
    const first = await guestCardHold(receiptGuest, charger._id);
    const started = await startPaid(receiptGuest, charger._id, 'PAYG', first.intentId);
    await chargeThenStop(receiptGuest.token, started._id);
    const address = `guest-${Date.now()}@example.com`;

    const missing = await t.call('sendReceipt', {
      token: receiptGuest.token,
      body: { transactionid: started._id },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION', field: 'email' });
    const badAddress = await t.call('sendReceipt', {
      token: receiptGuest.token,
      body: { transactionid: started._id, email: 'not-an-address' },
    });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.message).toMatch(/^email/);

    const sent = await t.call('sendReceipt', {
      token: receiptGuest.token,
      body: { transactionid: started._id, email: address },
      headers: { 'accept-language': 'fr-FR, fr;q=0.9, en;q=0.5' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [mail] = await t.outbox(address);
    expect(mail?.subject).toMatch(/reçu/);
    expect(mail?.text).toContain(receiptGuest.code);

    // The next session's receipt is mailed at settlement, unasked.
    const second = await guestCardHold(receiptGuest, charger._id);
    const again = await startPaid(receiptGuest, charger._id, 'PAYG', second.intentId);
    await chargeThenStop(receiptGuest.token, again._id);
    const mails = await until(
      () => t.outbox(address),
      (found) => found.length === 2,
    );
    expect(mails.every((entry) => entry.text.includes(receiptGuest.code))).toBe(true);
  });

  test('a user sending an address is refused: theirs goes to the account', async () => {
    const answer = await t.call('sendReceipt', {
      token: bed.driver,
      body: { transactionid: 'no-such-session', email: 'elsewhere@example.com' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION', field: 'email' });
  });
});
