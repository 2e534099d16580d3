import { describe, expect, test } from 'vitest';
import { chargerInput, CONNECTOR_TYPES } from '@evc/contract';
import { isChargerBarcode } from '@evc/domain';
import { openDatabase } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { createPasswordHasher } from '../../platform/passwords.ts';
import { seed } from '../../seed.ts';
import { TEST_ARGON2, TEST_DEMO } from '../../test/test-app.ts';
import { DEMO_CHARGERS } from './demo-chargers.ts';
import { DEMO_NETWORK, DEMO_TARIFF_KINDS, generateChargerNetwork } from './demo-network.ts';
import { createChargerRepository } from './repository.ts';

describe('the demo network', () => {
  const network = generateChargerNetwork(DEMO_NETWORK);

  test('is the same on every start', () => {
    expect(generateChargerNetwork(DEMO_NETWORK)).toEqual(network);
    expect(generateChargerNetwork({ ...DEMO_NETWORK, seed: 7 })).not.toEqual(network);
  });

  test('has a few thousand valid public chargers', () => {
    expect(network).toHaveLength(3000);
    for (const { input } of network) {
      expect(chargerInput.safeParse(input).success).toBe(true);
      expect(input.home).toBe(false);
    }
  });

  test('barcodes are unique 4-digit numbers clear of the live demo chargers', () => {
    const barcodes = network.map(({ input }) => input.barcode);
    expect(new Set(barcodes).size).toBe(barcodes.length);
    expect(barcodes.every(isChargerBarcode)).toBe(true);
    for (const live of DEMO_CHARGERS) expect(barcodes).not.toContain(live.barcode);
  });

  test('covers every tariff kind with the fields that make it that kind', () => {
    const byKind = (kind: string) => network.filter((item) => item.tariffKind === kind);
    for (const kind of DEMO_TARIFF_KINDS) expect(byKind(kind).length).toBeGreaterThan(100);
    const tariffs = (kind: string) => byKind(kind).map(({ input }) => input.tariff);
    expect(tariffs('free').every((tariff) => tariff.standard_rate === 0)).toBe(true);
    expect(tariffs('flat').every((tariff) => tariff.standard_rate > 0)).toBe(true);
    expect(
      tariffs('alternate-rate').every(
        (tariff) => tariff.alternate_rate !== null && tariff.alternate_time !== null,
      ),
    ).toBe(true);
    expect(
      tariffs('per-period').every((tariff) => tariff.costperperiod > 0 && tariff.period > 0),
    ).toBe(true);
    expect(
      tariffs('overstay').every(
        (tariff) => tariff.overstaycostperperiod > 0 && tariff.overstaygraceperiod > 0,
      ),
    ).toBe(true);
    expect(tariffs('fuel-card').every((tariff) => tariff.payableByFuelCard)).toBe(true);
    for (const tariff of tariffs('variable')) {
      expect(tariff.variability?.twentyfourseven).toBe(true);
      expect(tariff.variability?.regular_hours).toHaveLength(7);
      expect(tariff.variability?.regular_hours.every((day) => day.periods.length === 48)).toBe(
        true,
      );
    }
    for (const tariff of tariffs('variable-limited-hours')) {
      expect(tariff.variability?.twentyfourseven).toBe(false);
      const monday = tariff.variability?.regular_hours[0]?.periods ?? [];
      expect(monday.some((period) => !period.available)).toBe(true);
      expect(monday.some((period) => period.available)).toBe(true);
    }
  });

  test('has connectors of all four types with realistic powers', () => {
    const connectors = network.flatMap(({ input }) => input.connectors);
    for (const type of CONNECTOR_TYPES) {
      expect(connectors.some((connector) => connector.type === type)).toBe(true);
    }
    for (const connector of connectors) {
      const [low, high] =
        connector.type === 'Type 2' || connector.type === 'J1772' ? [3, 43] : [50, 350];
      expect(connector.maxPowerKw).toBeGreaterThanOrEqual(low);
      expect(connector.maxPowerKw).toBeLessThanOrEqual(high);
    }
  });

  test('spreads over many UK towns, inside the UK', () => {
    expect(new Set(network.map(({ input }) => input.city)).size).toBeGreaterThan(30);
    for (const { input } of network) {
      expect(input.lat).toBeGreaterThan(49.8);
      expect(input.lat).toBeLessThan(60.9);
      expect(input.lon).toBeGreaterThan(-8.7);
      expect(input.lon).toBeLessThan(1.8);
    }
  });

  test('a first start seeds it; the next start adds nothing', async () => {
    const database = await openDatabase({});
    try {
      await migrate(database);
      const passwords = createPasswordHasher(TEST_ARGON2);
      expect(await seed(database, passwords, { ...TEST_DEMO, network: true })).toMatchObject({
        demoNetworkChargers: 3000,
      });
      expect(await seed(database, passwords, { ...TEST_DEMO, network: true })).toMatchObject({
        demoNetworkChargers: 0,
      });
      const listed = await createChargerRepository(database.db).listPublic();
      // The demo home charger is private: it is not listed.
      const publicDemo = DEMO_CHARGERS.filter((charger) => !charger.home);
      expect(listed).toHaveLength(3000 + publicDemo.length);
      const seeded = listed.find((row) => row.barcode === network[0]?.input.barcode);
      expect(seeded?.online).toBe(false);
      expect(seeded?.connectors).toHaveLength(network[0]?.input.connectors.length ?? -1);
    } finally {
      await database.close();
    }
  }, 60_000);
});
