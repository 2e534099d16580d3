import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { transactionView, type TransactionView } from '@evc/contract';
import { users } from '../../platform/db/schema.ts';
import { setStoredBalance, until, userRow } from '../../test/test-users.ts';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import type { TestBed } from '../../test/test-bed.ts';
import { sessionSteps, startSessionTestBed } from './test-support.ts';

let bed: TestBed;
let t: TestApp;
let base: string;
let driver: string;
/** The operator signs in like any driver: here, someone else. */
let other: string;

beforeAll(async () => {
  bed = await startSessionTestBed();
  ({ t, base, driver, operator: other } = bed);
});

afterAll(() => bed.close());

const { stop, finished, startOnCredit } = sessionSteps(() => bed);

/** Reads `event: session` messages from the stream until `enough` says stop. */
async function readEvents(
  response: Response,
  enough: (events: TransactionView[]) => boolean,
): Promise<TransactionView[]> {
  if (!response.body) throw new Error('no body');
  const decoder = new TextDecoder();
  const events: TransactionView[] = [];
  let buffer = '';
  for await (const value of response.body as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (block.startsWith('event: session') && data) {
        events.push(transactionView.parse(JSON.parse(data)));
      }
      end = buffer.indexOf('\n\n');
    }
    if (enough(events)) break;
  }
  return events;
}

/** What a stream carried within `ms`. */
async function readEventsFor(response: Response, ms: number): Promise<TransactionView[]> {
  if (!response.body) throw new Error('no body');
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((done) => setTimeout(() => done(null), left)),
    ]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: session'))
    .map((block) => transactionView.parse(JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null')));
}

describe('automatic receipt and live events', () => {
  test('the SSE stream delivers progress; a driver with the charge-finished alert gets the receipt', async () => {
    await setStoredBalance(t, DRIVER.email, -5000);
    const row = await userRow(t, DRIVER.email);
    await t.database.db
      .update(users)
      .set({
        emailPrefs: { ...row.emailPrefs, charge_finished_alert: { enabled: true, threshold: 0 } },
      })
      .where(eq(users.email, DRIVER.email));
    const { charger } = await bed.liveCharger('CP-SESS-LIVE', '5107', { name: 'Live Lane' });

    const unauthenticated = await fetch(`http://${base}/api/events/sessions`);
    expect(unauthenticated.status).toBe(401);
    const response = await fetch(`http://${base}/api/events/sessions`, {
      headers: { authorization: `Bearer ${driver}` },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const otherStream = await fetch(`http://${base}/api/events/sessions`, {
      headers: { authorization: `Bearer ${other}` },
    });

    const started = await startOnCredit(charger._id);
    const events = await readEvents(
      response,
      (list) => list.filter((event) => event._id === started._id && event.kWh > 0).length >= 2,
    );
    const mine = events.filter((event) => event._id === started._id);
    expect(mine[0]?.state).toBe('pending');
    const progress = mine.filter((event) => event.kWh > 0);
    expect(progress.at(-1)?.state).toBe('charging');
    expect(progress.at(-1)?.kWh).toBeGreaterThanOrEqual(progress[0]?.kWh ?? 0);
    expect(progress.at(-1)?.data.cost.applied_cost.total).toBeGreaterThan(0);

    // The other driver's stream stays silent about it.
    const stray = await readEventsFor(otherStream, 300);
    expect(stray.some((event) => event._id === started._id)).toBe(false);

    await stop(driver, started._id);
    await finished(driver, started._id);
    const receipt = await until(
      () => t.outbox(DRIVER.email),
      (mails) => mails.some((mail) => mail.subject === 'Your charging receipt: Live Lane'),
    );
    expect(receipt.filter((mail) => mail.subject.includes('Live Lane'))).toHaveLength(1);
  });
});
