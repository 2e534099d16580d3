import { expect } from 'vitest';
import { transactionView, type TransactionView } from '@evc/contract';
import type { TestApp } from './test-app.ts';

/** A charging session as the driver of `token` sees it; any answer but 200 fails the test. */
export async function sessionView(
  t: TestApp,
  token: string,
  transactionid: string,
): Promise<TransactionView> {
  const answer = await t.call('getTransactionByID', { token, body: { transactionid } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return transactionView.parse(answer.body.data);
}

/** Starts a session remotely, as the app does; any answer but 200 fails the test. */
export async function remoteStart(
  t: TestApp,
  token: string,
  body: object,
): Promise<TransactionView> {
  const answer = await t.call('remoteStartTransaction', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return transactionView.parse(answer.body.data);
}

/** Asks the charger to stop the session, as the app does; any answer but 200 fails the test. */
export async function remoteStop(t: TestApp, token: string, transactionid: string): Promise<void> {
  const answer = await t.call('remoteStopTransaction', { token, body: { transactionid } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
