import { mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChargerView } from '@evc/contract';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../test/test-app.ts';
import { createChargerRepository } from '../modules/chargers/repository.ts';
import { runChargerCli } from './charger-cli.ts';

let t: TestApp;
let url: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), 'charger-cli-'));
});
afterAll(() => t.close());

async function cli(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runChargerCli([...args, '--url', url], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { EVC_OPERATOR_EMAIL: OPERATOR.email, EVC_OPERATOR_PASSWORD: OPERATOR.password, ...env },
    cwd: dir,
  });
  return { code, stdout, stderr };
}

const charger = {
  chargePointId: 'CP-CLI-01',
  barcode: '6123',
  name: 'Harrogate Leisure Centre',
  address: 'Hookstone Road',
  city: 'Harrogate',
  post_code: 'HG2 8PF',
  country: 'GB',
  lat: 53.98,
  lon: -1.51,
  connectors: [{ connectornumber: 1, type: 'Type 2', maxPowerKw: 22 }],
  tariff: { standard_rate: 0.49, currency: 'GBP' },
};

describe('npm run charger', () => {
  test('add, list, show, update and remove a charger over the operator API', async () => {
    await writeFile(path.join(dir, 'charger.json'), JSON.stringify(charger));
    const added = await cli(['add', '--file', 'charger.json']);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    const created = JSON.parse(added.stdout) as ChargerView;
    expect(created).toMatchObject({ name: 'Harrogate Leisure Centre', idTag: { barcode: '6123' } });

    const listed = await cli(['list']);
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as ChargerView[]).map((item) => item._id)).toContain(
      created._id,
    );

    const shown = await cli(['show', created._id]);
    expect(JSON.parse(shown.stdout)).toEqual(created);

    await writeFile(path.join(dir, 'patch.json'), JSON.stringify({ name: 'Hydro Leisure Centre' }));
    const updated = await cli(['update', created._id, '--file', 'patch.json']);
    expect(updated.code).toBe(0);
    expect((JSON.parse(updated.stdout) as ChargerView).name).toBe('Hydro Leisure Centre');

    const removed = await cli(['remove', created._id]);
    expect(removed).toMatchObject({ code: 0, stdout: 'true\n' });
    const gone = await cli(['show', created._id]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('Charger Not Found');
  });

  test('add takes the charger as flags too', async () => {
    const added = await cli([
      'add',
      ...['--chargePointId', 'CP-CLI-02', '--barcode', '6124', '--name', 'Station Road'],
      ...['--address', '3 Station Road', '--city', 'York', '--post_code', 'YO24 1AB'],
      ...['--country', 'GB', '--lat', '53.958', '--lon=-1.093'],
      ...['--connector', '1:CCS:50', '--connector', '2:CHAdeMO:50'],
      ...['--standard_rate', '0.69', '--currency', 'GBP', '--connection_cost', '100'],
    ]);
    expect(added.stderr).toBe('');
    expect(JSON.parse(added.stdout)).toMatchObject({
      connectors: [{ type: 'CCS', maxPowerKw: 50 }, { type: 'CHAdeMO' }],
      tariff: { standard_rate: 0.69, connection_cost: 100 },
    });
  });

  test('a charger connects without a password only when added or updated with --no-password', async () => {
    const chargers = createChargerRepository(t.database.db);
    const stored = async () => {
      const row = await chargers.findByChargePointId('CP-CLI-04');
      return { password: row?.passwordHash != null, allowNoPassword: row?.allowNoPassword };
    };
    await writeFile(
      path.join(dir, 'open.json'),
      JSON.stringify({ ...charger, chargePointId: 'CP-CLI-04', barcode: '6125' }),
    );
    const added = await cli(['add', '--file', 'open.json']);
    expect(added.stderr).toBe('');
    const { _id: id } = JSON.parse(added.stdout) as ChargerView;
    expect(await stored()).toEqual({ password: false, allowNoPassword: false });

    expect((await cli(['update', id, '--no-password'])).code).toBe(0);
    expect(await stored()).toEqual({ password: false, allowNoPassword: true });
    expect((await cli(['update', id, '--password-ocpp', 'charger-secret-1'])).code).toBe(0);
    expect(await stored()).toEqual({ password: true, allowNoPassword: false });
    expect((await cli(['update', id, '--no-password'])).code).toBe(0);
    expect(await stored()).toEqual({ password: false, allowNoPassword: true });

    const both = await cli(['update', id, '--no-password', '--password-ocpp', 'charger-secret-1']);
    expect(both).toMatchObject({ code: 1, stderr: expect.stringContaining('not both') as unknown });
    await cli(['remove', id]);
    expect((await cli(['add', '--file', 'open.json', '--no-password'])).code).toBe(0);
    expect(await stored()).toEqual({ password: false, allowNoPassword: true });
  });

  test("the server's message and a non-zero exit code when the server refuses", async () => {
    await writeFile(
      path.join(dir, 'taken.json'),
      JSON.stringify({ ...charger, chargePointId: 'CP-CLI-03', barcode: '6124' }),
    );
    const taken = await cli(['add', '--file', 'taken.json']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('barcode: another charger has this barcode');
    expect(taken.stdout).toBe('');

    const driver = await cli(['list'], {
      EVC_OPERATOR_EMAIL: DRIVER.email,
      EVC_OPERATOR_PASSWORD: DRIVER.password,
    });
    expect(driver.code).toBe(1);
    expect(driver.stderr).toContain('Only an operator can manage chargers');
  });

  test('bad input is refused before it is sent, naming the field', async () => {
    await writeFile(path.join(dir, 'bad.json'), JSON.stringify({ ...charger, barcode: '12345' }));
    const bad = await cli(['add', '--file', 'bad.json']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('barcode: a 4-digit number');
    const currency = await cli([
      'add',
      ...['--chargePointId', 'CP-CLI-04', '--barcode', '6125', '--name', 'Station Road'],
      ...['--address', '3 Station Road', '--city', 'York', '--post_code', 'YO24 1AB'],
      ...['--country', 'GB', '--lat', '53.958', '--lon=-1.093', '--connector', '1:CCS:50'],
      ...['--standard_rate', '0.69', '--currency', '\u202e🚗⚡'],
    ]);
    expect(currency.code).toBe(1);
    expect(currency.stderr).toContain('tariff.currency: an ISO 4217 currency code');
    const unknown = await cli(['teleport']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command teleport');
    const missing = await cli(['list'], { EVC_OPERATOR_EMAIL: '', EVC_OPERATOR_PASSWORD: '' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--email');
  });

  test('suppliers replaces the energy supplier list from a file', async () => {
    const list = [
      {
        name: 'Octopus Energy',
        plans: [
          {
            name: 'Intelligent Octopus Go',
            dayRateCost: 27.1,
            nightRate: { cost: 7, start: '23:30', end: '05:30' },
          },
        ],
      },
    ];
    await writeFile(path.join(dir, 'suppliers.json'), JSON.stringify(list));
    const loaded = await cli(['suppliers', '--file', 'suppliers.json']);
    expect(loaded).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(loaded.stdout)).toMatchObject([
      { name: 'Octopus Energy', plans: [{ name: 'Intelligent Octopus Go', dayRateCost: 27.1 }] },
    ]);
    await writeFile(
      path.join(dir, 'bad-suppliers.json'),
      JSON.stringify({ suppliers: [{ name: '', plans: [] }] }),
    );
    const bad = await cli(['suppliers', '--file', 'bad-suppliers.json']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('suppliers.0.name');
    expect((await cli(['suppliers'])).stderr).toContain('--file');
  });
});
