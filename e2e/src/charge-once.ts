import { expect } from 'vitest';
import { callApi } from './app.ts';
import { WAIT_CEILING_MS } from './browser.ts';

/** The fields of a session the browser tests read after a charge made through the API. */
export interface ChargedSession {
  _id: string;
  state: string;
  kWh: number;
  chargerName: string;
  payment: { status: string };
  data: { cost: { applied_cost: { total: number } } };
}

async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  await expect.poll(async () => check(await read()), { timeout: WAIT_CEILING_MS }).toBe(true);
  return read();
}

/**
 * A whole charge through the API, paid with a sandbox card, on demo charger 1005: it returns the
 * session once it has finished and its payment is captured.
 */
export async function chargeOnce(baseUrl: string, token: string): Promise<ChargedSession> {
  const charger = await callApi<{ _id: string }>(
    baseUrl,
    '/getChargerByBarcode',
    { barcode: '1005', permission_name: 'CHARGER_CHARGE_AT' },
    token,
  );
  const method = await callApi<{ id: string }>(
    baseUrl,
    '/sandbox/payment_methods',
    { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
    token,
  );
  const card = await callApi<{ id: string }>(
    baseUrl,
    '/addToStripeSources',
    { card: method.id },
    token,
  );
  const intent = await callApi<{ intentid: string }>(
    baseUrl,
    '/initiatePaymentIntent',
    {
      connector_id: `${charger._id}:1`,
      type: 'charge',
      amount: 3000,
      source: card.id,
      capture_method: 'manual',
    },
    token,
  );
  await callApi(
    baseUrl,
    `/sandbox/payment_intents/${intent.intentid}/confirm`,
    { payment_method: card.id },
    token,
  );
  const started = await callApi<ChargedSession>(
    baseUrl,
    '/remoteStartTransaction',
    { chargerid: charger._id, connectorid: 1, source: 'PAYG', intent_id: intent.intentid },
    token,
  );
  const read = () =>
    callApi<ChargedSession>(baseUrl, '/getTransactionByID', { transactionid: started._id }, token);
  await until(read, (session) => session.state === 'charging' && session.kWh > 0);
  await callApi(baseUrl, '/remoteStopTransaction', { transactionid: started._id }, token);
  return until(
    read,
    (session) => session.state === 'finished' && session.payment.status === 'captured',
  );
}
