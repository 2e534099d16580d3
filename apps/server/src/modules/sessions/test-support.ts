import type { Card } from '@evc/contract';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import {
  chargeHold,
  initiateIntent,
  sandboxHold,
  sandboxIntent as ownersIntent,
} from '../../test/test-payments.ts';
import { remoteStart, remoteStop, sessionView } from '../../test/test-sessions.ts';
import { until } from '../../test/test-users.ts';

/** Short enough that a test sees a charger that never starts time out. */
export const START_TIMEOUT_MS = 1500;

/** A TestBed whose sessions time out at START_TIMEOUT_MS. */
export const startSessionTestBed = () =>
  startTestBed({ sessions: { startTimeoutMs: START_TIMEOUT_MS } });

/** Energy cost at £0.45/kWh: 4500/10000 units × Wh/1000 × 100 = 0.045 × Wh, rounded half up. */
export const energyAt45p = (wh: number) => Math.floor((45 * wh + 500) / 1000);

/**
 * What the session tests do, as the app would, on the bed `current` answers: a getter, as the
 * bed is started in the test file's `beforeAll`, after these are made.
 */
export function sessionSteps(current: () => TestBed) {
  const session = (token: string, id: string) => sessionView(current().t, token, id);
  const start = (token: string, body: object) => remoteStart(current().t, token, body);
  const stop = (token: string, id: string) => remoteStop(current().t, token, id);

  const finished = (token: string, id: string) =>
    until(
      () => session(token, id),
      // Settlement follows the stop: until then the payment is still as it was at the start.
      (view) => view.state === 'finished' && !['none', 'held'].includes(view.payment.status),
    );

  /** Waits until the car draws, stops the session and waits for its settlement. */
  const chargeThenStop = async (token: string, id: string) => {
    await until(
      () => session(token, id),
      (view) => view.kWh > 0.05,
    );
    await stop(token, id);
    return finished(token, id);
  };

  return {
    session,
    start,
    stop,
    finished,
    chargeThenStop,

    /** The driver's CREDIT session at connector 1 of the charger. */
    startOnCredit: (chargerId: string) =>
      start(current().driver, { chargerid: chargerId, connectorid: 1, source: 'CREDIT' }),

    /** A 3000 pre-authorisation intent for a charge at the charger, not yet confirmed. */
    chargeIntent: async (chargerId: string, card: Card) =>
      (await initiateIntent(current().t, current().driver, chargeHold(chargerId, card.id)))
        .intentid,

    /** A confirmed sandbox hold of 3000 for the driver's charge at the charger. */
    heldIntent: async (chargerId: string) =>
      (await sandboxHold(current().t, current().driver, chargerId)).intentId,

    /** A sandbox intent as the driver reads it. */
    sandboxIntent: (id: string) => ownersIntent(current().t, current().driver, id),
  };
}
