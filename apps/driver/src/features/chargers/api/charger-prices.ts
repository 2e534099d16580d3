import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { MAX_PRICED_CHARGERS, type ChargerPrice } from '@evc/contract';
import { isChargerBarcode } from '@evc/domain';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** Prices change when an operator changes a tariff: rarely; the price now moves on by itself. */
const PRICE_STALE_MS = 10 * 60_000;
/** How long rows and markers coming on screen together wait to be asked about in one call. */
const GATHER_MS = 20;

interface Waiting {
  barcode: string;
  resolve: (price: ChargerPrice | null) => void;
  reject: (error: unknown) => void;
}

let waiting: Waiting[] = [];

/** Asks about the waiting barcodes, a screenful (50) per call, the calls side by side. */
async function askWaiting(): Promise<void> {
  const asked = waiting;
  waiting = [];
  const barcodes = [...new Set(asked.map((entry) => entry.barcode))];
  const chunks: string[][] = [];
  for (let at = 0; at < barcodes.length; at += MAX_PRICED_CHARGERS) {
    chunks.push(barcodes.slice(at, at + MAX_PRICED_CHARGERS));
  }
  await Promise.all(
    chunks.map(async (chunk) => {
      const inChunk = asked.filter((entry) => chunk.includes(entry.barcode));
      try {
        const answer = await callApi('listChargerPrices', { barcodes: chunk });
        const byBarcode = new Map(answer.prices.map((price) => [price.barcode, price]));
        for (const entry of inChunk) entry.resolve(byBarcode.get(entry.barcode) ?? null);
      } catch (error) {
        for (const entry of inChunk) entry.reject(error);
      }
    }),
  );
}

/**
 * One charger's price, gathered with the others asked for at the same moment into one
 * /listChargerPrices call. Null when the charger is not priced (gone since the list loaded).
 */
export function loadChargerPrice(barcode: string): Promise<ChargerPrice | null> {
  return new Promise((resolve, reject) => {
    waiting.push({ barcode, resolve, reject });
    if (waiting.length === 1) setTimeout(() => void askWaiting(), GATHER_MS);
  });
}

export const chargerPriceQuery = (barcode: string) =>
  queryOptions({
    queryKey: callQueryKey('listChargerPrices', { barcode }),
    queryFn: () => loadChargerPrice(barcode),
    enabled: isChargerBarcode(barcode),
    staleTime: PRICE_STALE_MS,
    retry: false,
  });

/** Issue 19: the price of a charger on screen (a list row, the map's sheet). */
export const useChargerPrice = (barcode: string) => useQuery(chargerPriceQuery(barcode));

/** The prices of the chargers on screen (the map's markers), by barcode, as they arrive. */
export function useChargerPrices(barcodes: readonly string[]): ReadonlyMap<string, ChargerPrice> {
  return useQueries({
    queries: barcodes.map((barcode) => chargerPriceQuery(barcode)),
    combine: (results) => {
      const prices = new Map<string, ChargerPrice>();
      for (const result of results) {
        if (result.data) prices.set(result.data.barcode, result.data);
      }
      return prices;
    },
  });
}
