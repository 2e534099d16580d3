// A node that closes lets go of its chargers with 1012 and stores every message it answers whole:
// a StopTransaction in flight is either stored and answered, or neither, and the charger sends it
// again to the next node (ADR 0034).
import { describe, expect, test } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { startTestBed } from '../../test/test-bed.ts';

/** Turns of the event loop, so that the close meets the message at a different point each time. */
async function turns(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

function closeCode(client: RPCClient): Promise<number> {
  return new Promise((resolve) =>
    client.once('close', ({ code }: { code: number }) => resolve(code)),
  );
}

describe('a node closing with chargers connected', () => {
  test.each([0, 2, 8])(
    'a StopTransaction met by the close after %i turns is stored whole and answered, or neither',
    async (delay) => {
      const bed = await startTestBed();
      try {
        const charger = await bed.charger(`CP-STOP-${delay}`, `${3600 + delay}`);
        await bed.t.services.transactions.issueTag(`STOP-TAG-${delay}`, null, 'remote');
        const client = bed.ocppClient(`CP-STOP-${delay}`);
        await client.connect();
        const closed = closeCode(client);
        const start = (await client.call('StartTransaction', {
          connectorId: 1,
          idTag: `STOP-TAG-${delay}`,
          meterStart: 1000,
          timestamp: '2026-01-01T10:00:00.000Z',
        })) as { transactionId: number };
        const answered = client
          .call('StopTransaction', {
            transactionId: start.transactionId,
            meterStop: 4000,
            timestamp: '2026-01-01T10:30:00.000Z',
            reason: 'Local',
          })
          .then(
            () => true,
            () => false,
          );
        await turns(delay);
        await bed.t.app.close();
        expect(await closed).toBe(1012);
        const [row] = await bed.t.services.transactions.forCharger(charger._id);
        if (await answered) {
          expect(row).toMatchObject({ meterStopWh: 4000, stopReason: 'Local' });
        } else {
          expect(row?.meterStopWh ?? null).toBeNull();
        }
      } finally {
        await bed.close();
      }
    },
  );

  test('live streams end when the node closes, so that their apps reconnect elsewhere', async () => {
    const bed = await startTestBed();
    try {
      await bed.charger('CP-STREAM-1', '3620');
      const response = await fetch(`http://${bed.base}/api/events/chargers?barcode=3620`, {
        headers: { authorization: `Bearer ${bed.driver}` },
      });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const body = response.body;
      if (!body) throw new Error('no stream');
      const reader = body.getReader();
      await bed.t.app.close();
      // Read to its end: the node ended the stream instead of holding its close for it.
      let ended = false;
      while (!ended) ended = (await reader.read()).done;
      expect(ended).toBe(true);
    } finally {
      await bed.close();
    }
  });

  test('a charger that leaves while the closing node awaits its answer does not hold the close', async () => {
    const bed = await startTestBed();
    try {
      const charger = await bed.charger('CP-LEAVES-1', '3630');
      const client = bed.ocppClient('CP-LEAVES-1');
      let asked!: () => void;
      const unlockAsked = new Promise<void>((resolve) => (asked = resolve));
      // The charger never answers: the node's close waits for the call to settle.
      client.handle('UnlockConnector', () => {
        asked();
        return new Promise<never>(() => undefined);
      });
      await client.connect();
      const unlock = bed.t.services.commands.unlockConnector(charger._id, 1).catch(() => 'failed');
      await unlockAsked;
      const closing = bed.t.app.close();
      // Meanwhile the charger goes: its socket closes before the node's 1012 is sent.
      await client.close({ force: true });
      const outcome = await Promise.race([
        closing.then(() => 'closed'),
        // A ceiling that only bounds a hang (the close used to wait for ever here).
        new Promise((resolve) => setTimeout(() => resolve('still closing'), 30_000).unref()),
      ]);
      expect(outcome).toBe('closed');
      expect(await unlock).toBe('failed');
    } finally {
      await bed.close();
    }
  });
});
