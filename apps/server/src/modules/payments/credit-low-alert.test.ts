import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../platform/db/schema.ts';
import { DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import {
  authoriseNewSession,
  PAID_TARIFF,
  sandboxHold,
  settleInPounds,
} from '../../test/test-payments.ts';

let bed: TestBed;
let t: TestApp;
let driverToken: string;
let driverId: string;
let operatorToken: string;
let chargerId: string;

beforeAll(async () => {
  bed = await startTestBed();
  ({ t, driver: driverToken, driverId, operator: operatorToken } = bed);
  chargerId = (await bed.charger('CP-LOW-1', '4301'))._id;
});

afterAll(() => bed.close());

async function setBalance(stored: number) {
  await t.database.db.update(users).set({ balanceMinor: stored }).where(eq(users.id, driverId));
}

async function setAlert(token: string, userId: string, enabled: boolean, threshold: number) {
  const answer = await t.call('updateUser', {
    token,
    params: { userid: userId },
    body: {
      fields: {
        email_prefs: {
          credit_low_alert: { enabled, threshold },
          charge_finished_alert: { enabled: false, threshold: 0 },
        },
      },
    },
  });
  expect(answer.status).toBe(200);
}

async function setLanguage(lang: string) {
  const answer = await t.call('setUserLanguage', {
    token: driverToken,
    body: { userid: driverId, lang },
  });
  expect(answer.status).toBe(200);
}

/** A credit-paid session of `amountMinor`, settled (twice, as a repeated StopTransaction would). */
async function creditSession(amountMinor: number) {
  const session = { userId: driverId, source: 'CREDIT' as const, intentId: null };
  const { sessionId, result } = authoriseNewSession(t, { ...session, tariff: PAID_TARIFF });
  await result;
  const settle = () =>
    settleInPounds(
      t,
      { userId: driverId, sessionId, source: 'CREDIT', intentId: null },
      amountMinor,
    );
  await settle();
  await settle();
}

const lowMails = async (to = DRIVER.email) =>
  (await t.outbox(to)).filter((mail) => /credit|crédit|credyd|credito/i.test(mail.subject));

let mailsBefore: number;
beforeEach(async () => {
  await setLanguage('en');
  mailsBefore = (await lowMails()).length;
});
// The outbox lists the newest first.
const newLowMails = async () => (await lowMails()).slice(0, -mailsBefore || undefined);

describe('credit-low alert', () => {
  it('mails the driver once when a debit takes the balance below the threshold', async () => {
    await setAlert(driverToken, driverId, true, 500);
    await setBalance(-1200);
    await creditSession(900);
    const mails = await newLowMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(DRIVER.email);
    expect(mails[0]?.subject).toBe('Your EV Charge credit is running low');
    expect(mails[0]?.text).toContain('£3.00');
    expect(mails[0]?.text).toContain('£5.00');
    expect(mails[0]?.text).toContain('http://app.test/topup-select-card');

    // Already below: a further debit does not mail again.
    await creditSession(100);
    expect(await newLowMails()).toHaveLength(1);
  });

  it('mails nothing when the balance stays at or above the threshold', async () => {
    await setAlert(driverToken, driverId, true, 500);
    await setBalance(-2000);
    await creditSession(1000);
    await creditSession(500);
    expect(await newLowMails()).toHaveLength(0);
  });

  it('mails nothing when the alert is off', async () => {
    await setAlert(driverToken, driverId, false, 500);
    await setBalance(-1200);
    await creditSession(900);
    expect(await newLowMails()).toHaveLength(0);
  });

  it('mails in the driver’s language', async () => {
    await setAlert(driverToken, driverId, true, 1000);
    await setLanguage('fr');
    await setBalance(-1500);
    await creditSession(800);
    const mails = await newLowMails();
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Votre crédit EV Charge est bientôt épuisé',
    ]);
    expect(mails[0]?.text).toMatch(/7,00\s£/);
  });

  it('counts the part of a card session above its hold, and mails no one else', async () => {
    await setAlert(operatorToken, bed.operatorId, true, 100_000);
    const operatorMails = (await lowMails(OPERATOR.email)).length;
    await setAlert(driverToken, driverId, true, 500);
    await setBalance(-1000);

    const { intentId } = await sandboxHold(t, driverToken, chargerId);
    const { sessionId, result } = authoriseNewSession(t, {
      userId: driverId,
      source: 'PAYG',
      intentId,
      tariff: PAID_TARIFF,
    });
    await result;
    // 3000 from the hold, 800 owed on the balance: 10.00 of credit becomes 2.00.
    const settled = await settleInPounds(
      t,
      { userId: driverId, sessionId, source: 'PAYG', intentId },
      3800,
    );
    expect(settled).toEqual({ captured: 3000, status: 'captured' });
    const mails = await newLowMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('£2.00');
    expect(await lowMails(OPERATOR.email)).toHaveLength(operatorMails);
  });
});
