import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from './database.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';

const GUEST_CHARGING = '0014_guest_charging.sql';

const session = (id: string, owner: string) => `
  INSERT INTO charging_sessions (id, ${owner}, charger_id, connector_number, id_tag, source,
    state, tariff, start_deadline)
  VALUES ('${id}', 'o', 'c', 1, 'tag-${id}', 'PAYG', 'finished', '{}', now())`;

// Every migration runs twice over: slow on a busy machine.
test(
  '0014 keeps users’ sessions and cards, and gives each row exactly one owner',
  { timeout: 120_000 },
  async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'evc-0014-'));
    const database = await openDatabase({});
    try {
      const before = path.join(dir, 'before');
      await cp(MIGRATIONS_DIR, before, {
        recursive: true,
        filter: (source) => path.basename(source) < GUEST_CHARGING || source === MIGRATIONS_DIR,
      });
      await migrate(database, before);
      await database.withSession(async (db) => {
        await db.exec(`
          INSERT INTO languages (id, code, language, flag_class) VALUES ('en', 'en', 'English', 'gb');
          INSERT INTO currencies (id, code, name, name_plural, symbol, symbol_native)
            VALUES ('gbp', 'GBP', 'Pound', 'Pounds', '£', '£');
          INSERT INTO countries (code, name) VALUES ('GB', 'United Kingdom');
          INSERT INTO users (id, email, password_hash, first_name, last_name, hr_code,
            language_code, currency_code, country_code, email_prefs)
          SELECT 'u', 'u@example.org', 'x', 'U', 'U', 'HR-U', 'en', 'GBP', 'GB', '{}';
          INSERT INTO chargers (id, charge_point_id, barcode, name, address, city, post_code,
            country, lat, lon, tariff)
          VALUES ('c', 'CP-C', '3333', 'C', 'x', 'x', 'x', 'GB', 0, 0, '{}');
          ${session('kept', 'user_id').replace("'o'", "'u'")};
          INSERT INTO payment_cards (id, user_id, provider, source, brand, last4, exp_month,
            exp_year, is_default)
          VALUES ('card', 'u', 'sandbox', 'PAYG', 'visa', '4242', 12, 2099, true);
        `);
      });

      const applied = await migrate(database, MIGRATIONS_DIR);
      expect(applied[0]).toBe(GUEST_CHARGING);
      await database.withSession(async (db) => {
        expect(await db.query('SELECT user_id, guest_id, owner_id FROM charging_sessions')).toEqual(
          [{ user_id: 'u', guest_id: null, owner_id: 'u' }],
        );
        expect(await db.query('SELECT owner_id FROM payment_cards')).toEqual([{ owner_id: 'u' }]);

        await db.exec(`INSERT INTO guests (id, code) VALUES ('g', 'G-0000000001')`);
        await db.exec(session('guest', 'guest_id').replace("'o'", "'g'"));
        expect(await db.query(`SELECT owner_id FROM charging_sessions WHERE id = 'guest'`)).toEqual(
          [{ owner_id: 'g' }],
        );
        // Neither owner, or both: refused.
        await expect(
          db.exec(`
            INSERT INTO charging_sessions (id, charger_id, connector_number, id_tag, source, state,
              tariff, start_deadline)
            VALUES ('nobody', 'c', 1, 'tag-nobody', 'PAYG', 'finished', '{}', now())`),
        ).rejects.toThrow(/charging_sessions_owner_check/);
        await expect(
          db.exec(`
            INSERT INTO charging_sessions (id, user_id, guest_id, charger_id, connector_number,
              id_tag, source, state, tariff, start_deadline)
            VALUES ('both', 'u', 'g', 'c', 1, 'tag-both', 'PAYG', 'finished', '{}', now())`),
        ).rejects.toThrow(/charging_sessions_owner_check/);
        // A guest's default card does not clash with a user's.
        await db.exec(`
          INSERT INTO payment_cards (id, guest_id, provider, source, brand, last4, exp_month,
            exp_year, is_default)
          VALUES ('guest-card', 'g', 'sandbox', 'PAYG', 'visa', '4242', 12, 2099, true)`);
        expect(await db.query('SELECT owner_id FROM payment_cards ORDER BY id')).toEqual([
          { owner_id: 'u' },
          { owner_id: 'g' },
        ]);
      });
    } finally {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
);
