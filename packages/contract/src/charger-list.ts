import { z } from 'zod';
import { MINUTES_PER_WEEK } from '@evc/domain';
import { barcode, connectorStatus, connectorType } from './chargers.ts';
import { currencyCode, text, TEXT_LIMITS } from './shared.ts';

/** spec 000 §6: chargers are fetched with permission CHARGER_CHARGE_AT, also the default. */
export const DEFAULT_CHARGER_PERMISSION = 'CHARGER_CHARGE_AT';

/** Columns /listChargers can answer besides `barcode`, which every answer carries. */
export const CHARGER_LIST_FIELDS = [
  'name',
  'lat',
  'lon',
  'address',
  'city',
  'post_code',
  'online',
  'free',
] as const;
export type ChargerListField = (typeof CHARGER_LIST_FIELDS)[number];

/** What /listChargers can populate: each connector's type and status. */
export const CHARGER_LIST_POPULATE = ['connectors'] as const;

/**
 * spec 000 §7: POST /listChargers {permission_name, populate, field_filter, toggles{offline}}.
 * `field_filter` names the columns wanted (all when left out); `toggles.offline` false leaves
 * offline chargers out (they are listed by default, shown as Offline).
 */
export const listChargersRequest = z.object({
  permission_name: text(TEXT_LIMITS.code).trim().min(1).default(DEFAULT_CHARGER_PERMISSION),
  populate: z.array(z.enum(CHARGER_LIST_POPULATE)).default(['connectors']),
  field_filter: z.array(z.enum(CHARGER_LIST_FIELDS)).min(1).optional(),
  toggles: z.object({ offline: z.boolean().default(true) }).default({ offline: true }),
});
export type ListChargersRequest = z.input<typeof listChargersRequest>;

/**
 * One connector in the list: [connector number, type, reported status, maximum power in kW]. The
 * power is last so that a list kept from before it was added still reads (issue 19).
 */
export const listedConnector = z.tuple([
  z.number().int(),
  connectorType,
  connectorStatus,
  z.number().min(0).optional(),
]);
export type ListedConnector = z.infer<typeof listedConnector>;

/**
 * The list is columnar so that 100,000 chargers stay small on the wire: entry i of every column
 * is charger i. Columns not asked for with `field_filter` are absent. Coordinates are rounded to
 * 5 decimals (about a metre). Connector statuses are as reported; `online` false overrides them
 * (spec 000 §4), which the app applies when it words them.
 */
export const listChargersResponse = z.object({
  count: z.number().int().min(0),
  barcode: z.array(z.string()),
  name: z.array(z.string()).optional(),
  lat: z.array(z.number()).optional(),
  lon: z.array(z.number()).optional(),
  address: z.array(z.string()).optional(),
  city: z.array(z.string()).optional(),
  post_code: z.array(z.string()).optional(),
  online: z.array(z.boolean()).optional(),
  /** spec 001 §5: the tariff is free. */
  free: z.array(z.boolean()).optional(),
  connectors: z.array(z.array(listedConnector)).optional(),
});
export type ListChargersResponse = z.infer<typeof listChargersResponse>;

/** Issue 19: the most chargers one /listChargerPrices asks about (a screenful of rows or markers). */
export const MAX_PRICED_CHARGERS = 50;

/**
 * POST /listChargerPrices {barcodes}: the energy price of the chargers on the driver's screen,
 * which the list leaves out to stay small. Each barcode once, at most 50.
 */
export const listChargerPricesRequest = z.object({
  barcodes: z
    .array(barcode)
    .min(1)
    .max(MAX_PRICED_CHARGERS)
    .refine((codes) => new Set(codes).size === codes.length, 'each barcode once'),
});
export type ListChargerPricesRequest = z.input<typeof listChargerPricesRequest>;

/**
 * One charger's price to its caller: the tariff the caller pays there (a group's own tariff for
 * its members), as the week's price steps, [minute from Monday 00:00 UTC, rate per kWh], each in
 * force until the next (the domain's `priceSteps`). `free` is spec 001 §5's free tariff.
 */
export const chargerPrice = z.object({
  barcode: z.string(),
  currency: currencyCode(),
  free: z.boolean(),
  steps: z
    .array(
      z.tuple([
        z
          .number()
          .int()
          .min(0)
          .max(MINUTES_PER_WEEK - 1),
        z.number().min(0),
      ]),
    )
    .min(1),
});
export type ChargerPrice = z.infer<typeof chargerPrice>;

/** Chargers the caller may not see, or that are gone, are left out, not refused. */
export const listChargerPricesResponse = z.object({ prices: z.array(chargerPrice) });
export type ListChargerPricesResponse = z.infer<typeof listChargerPricesResponse>;

/**
 * Live charger updates pushed as Server-Sent Events on GET /api/events/chargers (bearer token in
 * the Authorization header; optional repeated `barcode` query values narrow the stream). Each
 * event is `event: charger` with this JSON as its data: the charger's whole live state, so a
 * client that missed events is whole again at the next one.
 */
export const chargerLiveEvent = z.object({
  barcode: z.string(),
  online: z.boolean(),
  connectors: z.array(
    z.object({
      connectornumber: z.number().int(),
      status: connectorStatus,
      at: z.string().nullable(),
      /** As the charger view's currentStatus.inTransaction. */
      inTransaction: z.boolean(),
    }),
  ),
});
export type ChargerLiveEvent = z.infer<typeof chargerLiveEvent>;
export const CHARGER_EVENTS_PATH = '/events/chargers';
