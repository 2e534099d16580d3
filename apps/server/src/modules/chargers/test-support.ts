import { expect } from 'vitest';
import { chargerInput, tariffInput, type ChargerInput } from '@evc/contract';
import { createTestApp, DRIVER, OPERATOR } from '../../test/test-app.ts';
import { createChargerRepository } from './repository.ts';
import { newChargerRow, toConnectors } from './service.ts';

/** A public charger in York; its connectors given out of order, for the list sorts them by number. */
export const listedCharger = (
  barcode: string,
  overrides: Partial<ChargerInput> = {},
): ChargerInput => ({
  chargePointId: `CP-LIST-${barcode}`,
  barcode,
  name: `Charger ${barcode}`,
  address: 'Station Road',
  city: 'York',
  post_code: 'YO24 1AB',
  country: 'GB',
  lat: 53.9580123,
  lon: -1.0931987,
  connectors: [
    { connectornumber: 2, type: 'CCS', maxPowerKw: 50 },
    { connectornumber: 1, type: 'Type 2', maxPowerKw: 22 },
  ],
  tariff: { standard_rate: 0.45, currency: 'GBP' },
  ...overrides,
});

/**
 * A test app whose public chargers are 7001 (online, connector 1 Available), 7002 (free), 7004
 * (one paid half-hour a week), and 7005 and 7006 (written before tariffs carried their free
 * flag); 7003 is a home charger. Answers the app and the demo driver's token.
 */
export async function startChargerListApp() {
  const t = await createTestApp();
  const operatorToken = (await t.login(OPERATOR)).token;
  const driverToken = (await t.login(DRIVER)).token;
  const provision = async (input: ChargerInput) => {
    const result = await t.call('operatorCreateCharger', { token: operatorToken, body: input });
    expect(result.status).toBe(200);
  };
  await provision(listedCharger('7001'));
  await provision(listedCharger('7002', { tariff: { standard_rate: 0, currency: 'GBP' } }));
  await provision(listedCharger('7003', { home: true }));
  await provision(
    listedCharger('7004', {
      connectors: [{ connectornumber: 1, type: 'CHAdeMO', maxPowerKw: 50 }],
      tariff: {
        standard_rate: 0,
        currency: 'GBP',
        variability: {
          twentyfourseven: true,
          regular_hours: [
            {
              weekday: 1,
              periods: Array.from({ length: 48 }, (_, period) => ({
                standard_rate: period === 40 ? 0.3 : 0,
                available: true,
              })),
            },
          ],
        },
      },
    }),
  );
  const repository = createChargerRepository(t.database.db);
  // Rows written before tariffs carried their free flag: free is worked out from their costs.
  for (const [barcode, rate] of [
    ['7005', 0],
    ['7006', 0.2],
  ] as const) {
    const input = chargerInput.parse(listedCharger(barcode));
    const variability = {
      twentyfourseven: true,
      regular_hours: [
        {
          weekday: 3,
          periods: Array.from({ length: 48 }, () => ({ standard_rate: rate, available: true })),
        },
      ],
    };
    await repository.insert(
      {
        ...newChargerRow(input, {
          id: `unflagged-${barcode}`,
          passwordHash: null,
          operatorId: null,
        }),
        tariff: tariffInput.parse({ standard_rate: 0, currency: 'GBP', variability }),
      },
      toConnectors(input.connectors),
    );
  }
  // 7001 is connected and reported its first connector Available.
  const found = await repository.findByBarcode('7001');
  if (!found) throw new Error('7001 missing');
  await repository.setCharger(found.charger.id, { online: true });
  await repository.recordStatus({
    chargerId: found.charger.id,
    connectorNumber: 1,
    status: 'Available',
    errorCode: null,
    reportedAt: new Date(),
  });
  return { t, driverToken };
}
