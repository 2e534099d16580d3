import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { userRfidsResponse, type RfidCard } from '@evc/contract';
import { chargingSessions, paymentIntents } from '../../platform/db/schema.ts';
import type { TestBed } from '../../test/test-bed.ts';
import { sandboxDefaultCard } from '../../test/test-payments.ts';
import { sessionView } from '../../test/test-sessions.ts';
import { until } from '../../test/test-users.ts';

/**
 * What the RFID tests do and read, on the bed `current` answers: a getter, as the bed is started
 * in the test file's `beforeAll`, after these are made.
 */
export function rfidSteps(current: () => TestBed) {
  const db = () => current().t.database.db;

  const cards = async (token: string, userid: string): Promise<RfidCard[]> => {
    const answer = await current().t.call('getUserRFIDs', { token, body: { userid } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return userRfidsResponse.parse(answer.body.data);
  };

  const create = (token: string, tagData: object) =>
    current().t.call('createRFID', { token, body: { tagData } });

  /**
   * A charger driven message by message: it may start without asking (local authorisation while
   * offline, say) and replay its messages. The RemoteStopTransactions it is sent are collected.
   */
  const localCharger = async (chargePointId: string, barcode: string) => {
    const charger = await current().charger(chargePointId, barcode);
    const client = current().ocppClient(chargePointId);
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
  };

  const sessionOf = async (transactionId: number) => {
    const [row] = await until(
      () =>
        db()
          .select()
          .from(chargingSessions)
          .where(eq(chargingSessions.transactionId, transactionId)),
      (rows) => rows.length === 1,
    );
    if (!row) throw new Error('no session');
    return row;
  };

  return {
    cards,
    create,
    localCharger,
    sessionOf,
    sessionsAt: (chargerId: string) =>
      db().select().from(chargingSessions).where(eq(chargingSessions.chargerId, chargerId)),
    sessionView: (token: string, sessionId: string) => sessionView(current().t, token, sessionId),
    /** Saves a sandbox test card for the driver and makes it their default. */
    defaultCard: (number: string) => sandboxDefaultCard(current().t, current().driver, number),
    intentsOfCard: (cardId: string) =>
      db().select().from(paymentIntents).where(eq(paymentIntents.paymentMethodId, cardId)),
  };
}
