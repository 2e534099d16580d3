import { performance } from 'node:perf_hooks';
import { generateChargerNetwork, insertChargerNetwork } from '/work/wt-i3/apps/server/src/modules/chargers/demo-network.ts';
import { createChargerRepository } from '/work/wt-i3/apps/server/src/modules/chargers/repository.ts';
import { createTestApp } from '/work/wt-i3/apps/server/src/test/test-app.ts';
const t = await createTestApp({}, undefined);
await t.database.withSession((s) => s.exec(`ALTER TABLE chargers DROP CONSTRAINT chargers_barcode_check, ADD CONSTRAINT chargers_barcode_check CHECK (barcode ~ '^[0-9]{4,6}$')`));
const repo = createChargerRepository(t.database.db);
const net = generateChargerNetwork({ count: 100000, seed: 100000, firstBarcode: 100000, barcodeDigits: 6, chargePointPrefix: 'BENCH-' });
await insertChargerNetwork(repo, net, null, 1000);
const time = async <T>(label: string, f: () => Promise<T> | T) => { const s = performance.now(); const r = await f(); console.log(label, Math.round(performance.now() - s)); return r; };
for (let i = 0; i < 2; i++) {
  await time('whole', () => repo.listPublic());
  for (const size of [5000, 20000]) {
    await time(`paged ${size}`, async () => { const rows = []; for (;;) { const page = await repo.listPublic({ after: rows.at(-1)?.barcode, limit: size }); rows.push(...page); if (page.length < size) break; } return rows.length; });
  }
}
await t.close();
