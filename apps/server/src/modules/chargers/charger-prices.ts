import { and, eq, inArray } from 'drizzle-orm';
import { tariffInput, type ListChargerPricesResponse, type TariffData } from '@evc/contract';
import { isTariffFree, priceSteps } from '@evc/domain';
import type { Db } from '../../platform/db/database.ts';
import { chargers } from '../../platform/db/schema.ts';
import type { PriceViewer } from './service.ts';

export interface ChargerPricesDeps {
  db: Db;
  /** The tariffs a driver's groups give them at some of the chargers, by charger id. */
  memberTariffs?: (
    userId: string,
    chargerIds: readonly string[],
  ) => Promise<Map<string, TariffData>>;
}

/**
 * Issue 19: the price now on the rows and markers a driver has on screen. The list leaves tariffs
 * out (100,000 chargers' weekly prices would double it); the app asks for a screenful at a time.
 * Each price is the tariff its caller pays (a group's own for its members, the public one for a
 * guest), as the week's price steps. Only the public list's chargers are priced: a home charger,
 * or a barcode no charger has, is left out.
 */
export function createChargerPrices(deps: ChargerPricesDeps) {
  return async function prices(
    barcodes: readonly string[],
    viewer: PriceViewer,
  ): Promise<ListChargerPricesResponse> {
    const rows = await deps.db
      .select({ id: chargers.id, barcode: chargers.barcode, tariff: chargers.tariff })
      .from(chargers)
      .where(and(eq(chargers.home, false), inArray(chargers.barcode, [...barcodes])));
    const own =
      viewer.scope === 'guest' || !deps.memberTariffs || rows.length === 0
        ? new Map<string, TariffData>()
        : await deps.memberTariffs(
            viewer.userId,
            rows.map((row) => row.id),
          );
    return {
      prices: rows.map((row) => {
        const tariff = own.get(row.id) ?? tariffInput.parse(row.tariff);
        return {
          barcode: row.barcode,
          currency: tariff.currency,
          free: isTariffFree(tariff),
          steps: priceSteps(tariff).map(([minute, rate]) => [minute, rate]),
        };
      }),
    };
  };
}

export type ChargerPrices = ReturnType<typeof createChargerPrices>;
