import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ChargePointSimulator } from '@evc/charger-sim';
import type { ChargerView } from '@evc/contract';
import { chargers, connectorStatusHistory, nodes } from '../../platform/db/schema.ts';
import { testConfig } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { sandboxHold, sandboxIntent } from '../../test/test-payments.ts';
import { createChargerRepository } from './repository.ts';

// One node whose presence is made to run out (as a pause longer than NODE_TIMEOUT would), with
// its timer far off so that the test decides when it notices.
let bed: TestBed;
let charger: ChargerView;
let sim: ChargePointSimulator;

beforeAll(async () => {
  bed = await startTestBed({ config: testConfig({ nodeTimeoutSeconds: 3600 }) });
  ({ charger, sim } = await bed.liveCharger('CP-PRESENCE-1', '5301'));
});
afterAll(() => bed.close());

const presence = () => bed.t.services.presence;
const db = () => bed.t.database.db;
const leaseRunsOut = () =>
  db()
    .update(nodes)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(nodes.id, presence().id));
const row = async () => (await db().select().from(chargers).where(eq(chargers.id, charger._id)))[0];
const historyLines = async () =>
  (
    await db()
      .select({ status: connectorStatusHistory.status })
      .from(connectorStatusHistory)
      .where(eq(connectorStatusHistory.chargerId, charger._id))
  ).map((line) => line.status);

describe("a node's presence", () => {
  test('run out: a start answers CHARGER_OFFLINE at once and gives back its hold', async () => {
    const { intentId } = await sandboxHold(bed.t, bed.driver, charger._id);
    await leaseRunsOut();
    const asked = Date.now();
    const answer = await bed.t.call('remoteStartTransaction', {
      token: bed.driver,
      body: { chargerid: charger._id, connectorid: 1, source: 'PAYG', intent_id: intentId },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('CHARGER_OFFLINE');
    expect(Date.now() - asked).toBeLessThan(1000);
    expect((await sandboxIntent(bed.t, bed.driver, intentId)).status).toBe('canceled');
    expect(sim.transactionId(1)).toBeNull();
  });

  test('back from a lapse nobody acted on, the node keeps its chargers under a new id', async () => {
    const before = presence().id;
    await presence().tick();
    expect(presence().id).not.toBe(before);
    expect(presence().holds()).toBe(true);
    expect(await row()).toMatchObject({ online: true, ownerNode: presence().id });
    expect(sim.connected).toBe(true);
    await expect(bed.t.services.commands.unlockConnector(charger._id, 1)).resolves.toEqual({
      status: 'Unlocked',
    });
  });

  test('marked dead by another node meanwhile, it lets the charger go and writes nothing', async () => {
    await leaseRunsOut();
    // Another node sees the lease run out: the charger Offline, its history says so once.
    const linesBefore = (await historyLines()).length;
    const buried = await createChargerRepository(db()).buryExpiredNodes(new Date());
    expect(buried.chargers).toEqual([charger._id]);
    expect(await row()).toMatchObject({ online: false, ownerNode: null });
    expect((await historyLines()).slice(linesBefore)).toEqual(['Offline']);

    // This node notices: it closes the connection it lost, and writes nothing for it.
    await presence().tick();
    await expect.poll(() => sim.connected, { interval: 20 }).toBe(false);
    expect((await historyLines()).length).toBe(linesBefore + 1);
    expect(await row()).toMatchObject({ online: false, ownerNode: null });

    // The charger comes back: online at once, owned by the node it reached.
    await sim.start();
    expect(await row()).toMatchObject({ online: true, ownerNode: presence().id });
  });
});
