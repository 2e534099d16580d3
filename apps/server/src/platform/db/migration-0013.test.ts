import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from './database.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';

const REPAIR = '0013_charger_trust.sql';

// Every migration runs twice over: slow on a busy machine.
test(
  '0013 repairs a ledger a StopTransaction for an invented id broke',
  { timeout: 120_000 },
  async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'evc-0013-'));
    const database = await openDatabase({});
    try {
      const before = path.join(dir, 'before');
      await cp(MIGRATIONS_DIR, before, {
        recursive: true,
        filter: (source) => path.basename(source) < REPAIR || source === MIGRATIONS_DIR,
      });
      await migrate(database, before);
      await database.withSession(async (session) => {
        await session.exec(`
        INSERT INTO chargers (id, charge_point_id, barcode, name, address, city, post_code, country,
          lat, lon, tariff)
        VALUES ('a', 'CP-A', '1111', 'A', 'x', 'x', 'x', 'GB', 0, 0, '{}'),
               ('b', 'CP-B', '2222', 'B', 'x', 'x', 'x', 'GB', 0, 0, '{}');
        INSERT INTO ocpp_transactions (charger_id, connector_number, started_at, meter_start_wh)
        VALUES ('a', 1, now(), 0);
        -- What the old StopTransaction stored for an id no one issued, and its sequence move.
        INSERT INTO ocpp_transactions (transaction_id, charger_id, connector_number, start_unknown,
          stopped_at, meter_stop_wh)
        VALUES (2147483647, 'b', 0, true, now(), 5);
        SELECT setval(pg_get_serial_sequence('ocpp_transactions', 'transaction_id'), 2147483647);
        INSERT INTO ocpp_meter_values (charger_id, connector_number, transaction_id, energy_wh,
          sampled_at)
        VALUES ('a', 1, 1, 100, now()), ('b', 1, 1, 900000, now()),
               ('b', 1, 2147483647, 5, now()), ('b', 1, 42, 7, now());
      `);
      });

      // The migrations through the repair: later ones are tested on their own.
      const through = path.join(dir, 'through');
      await cp(MIGRATIONS_DIR, through, {
        recursive: true,
        filter: (source) => path.basename(source) <= REPAIR || source === MIGRATIONS_DIR,
      });
      expect(await migrate(database, through)).toEqual([REPAIR]);
      await database.withSession(async (session) => {
        const transactions = await session.query<{ id: number; charger: string }>(
          'SELECT transaction_id AS id, charger_id AS charger FROM ocpp_transactions ORDER BY 1',
        );
        expect(transactions).toEqual([{ id: 1, charger: 'a' }]);
        // Samples keep their values; only charger A's own stay on its transaction.
        const samples = await session.query<{ charger: string; tx: number | null; wh: number }>(
          `SELECT charger_id AS charger, transaction_id AS tx, energy_wh::int AS wh
         FROM ocpp_meter_values ORDER BY energy_wh`,
        );
        expect(samples).toEqual([
          { charger: 'b', tx: null, wh: 5 },
          { charger: 'b', tx: null, wh: 7 },
          { charger: 'a', tx: 1, wh: 100 },
          { charger: 'b', tx: null, wh: 900000 },
        ]);
        const [next] = await session.query<{ id: number }>(
          `INSERT INTO ocpp_transactions (charger_id, connector_number, started_at, meter_start_wh)
         VALUES ('b', 1, now(), 0) RETURNING transaction_id AS id`,
        );
        expect(next?.id).toBe(2);
      });
    } finally {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
);
