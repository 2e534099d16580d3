import { z } from 'zod';
import { CHARGER_BARCODE_PATTERN, CONNECTOR_STATUSES, CONNECTOR_TYPES } from '@evc/domain';
import { currencyCode, requestId, text, TEXT_LIMITS } from './shared.ts';

const time24 = text(TEXT_LIMITS.code).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time HH:mm');
/** A price per kWh in currency units, e.g. 0.40 (issue: rates are decimal, charges are minor units). */
const ratePerKwh = z.number().min(0).max(100).multipleOf(0.0001);
// At most 10,000.00: a session's cost is summed from these into an integer column.
const minorUnits = z.number().int().min(0).max(1_000_000);
const minutes = z
  .number()
  .int()
  .min(0)
  .max(24 * 60);

export { CONNECTOR_STATUSES, CONNECTOR_TYPES };
export const connectorType = z.enum(CONNECTOR_TYPES);
export const connectorStatus = z.enum(CONNECTOR_STATUSES);

export const tariffPeriod = z.object({ standard_rate: ratePerKwh, available: z.boolean() });
export const tariffDay = z.object({
  weekday: z.number().int().min(1).max(7),
  periods: z.array(tariffPeriod).length(48, '48 half-hour periods'),
});

/** spec 000 §3 and 001 §3: every field of a tariff. */
export const tariffInput = z.object({
  standard_rate: ratePerKwh,
  alternate_rate: ratePerKwh.nullable().default(null),
  alternate_time: time24.nullable().default(null),
  connection_cost: minorUnits.default(0),
  costperperiod: minorUnits.default(0),
  period: minutes.default(0),
  initialperiod: minutes.default(0),
  currency: currencyCode(),
  overstaycostperperiod: minorUnits.default(0),
  overstayperiod: minutes.default(0),
  overstaygraceperiod: minutes.default(0),
  payableByFuelCard: z.boolean().default(false),
  variability: z
    .object({
      twentyfourseven: z.boolean(),
      regular_hours: z.array(tariffDay).max(7),
    })
    .nullable()
    .default(null),
});
export type TariffInput = z.input<typeof tariffInput>;
export type TariffData = z.output<typeof tariffInput>;

export const connectorInput = z.object({
  connectornumber: z.number().int().min(1).max(99),
  type: connectorType,
  maxPowerKw: z.number().positive().max(1000),
});

const chargePointId = text(TEXT_LIMITS.code)
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,48}$/, 'letters, digits, dot, dash or underscore, at most 48');
export const barcode = text(TEXT_LIMITS.code)
  .trim()
  .regex(CHARGER_BARCODE_PATTERN, 'a 4-digit number');

/** The operator's charger, as POST /api/operator/chargers takes it. */
export const chargerInput = z.object({
  chargePointId,
  barcode,
  name: text(120).trim().min(1),
  address: text(TEXT_LIMITS.addressLine).trim().min(1),
  city: text(TEXT_LIMITS.city).trim().min(1),
  post_code: text(TEXT_LIMITS.postcode).trim().min(1),
  country: text(TEXT_LIMITS.code).trim().toUpperCase().length(2, 'a 2-letter country code'),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  connectors: z
    .array(connectorInput)
    .min(1)
    .max(24)
    .refine(
      (list) => new Set(list.map((connector) => connector.connectornumber)).size === list.length,
      'connector numbers must differ',
    ),
  tariff: tariffInput,
  password: text(64).min(8).optional(),
  /** A charger without a password connects only with this set; a password clears it. */
  allowNoPassword: z.boolean().default(false),
  home: z.boolean().default(false),
});
export type ChargerInput = z.input<typeof chargerInput>;
/** PATCH: any field; a field left out stays as it is (no defaults), a null password removes it. */
export const chargerPatch = chargerInput
  .omit({ home: true, password: true, allowNoPassword: true })
  .partial()
  .extend({
    home: z.boolean().optional(),
    password: text(64).min(8).nullable().optional(),
    allowNoPassword: z.boolean().optional(),
    /** A home charger's new adoption code (the old one stops working; its owner is let go). */
    newAdoptionCode: z.boolean().optional(),
  });
export const chargerIdParams = z.object({ chargerid: requestId });

export const connectorView = z.object({
  connectornumber: z.number().int(),
  name: z.string(),
  type: connectorType,
  maxPowerKw: z.number(),
  currentStatus: z.object({
    status: connectorStatus,
    errorCode: z.string().nullable(),
    at: z.string().nullable(),
    /**
     * A transaction runs on the connector, whoever's (never whose: checkMyTransactionData says
     * if it is the caller's). Preparing without one is a car plugged in, free to start.
     */
    inTransaction: z.boolean(),
  }),
});

/** spec 000 §3: a charger as the app and the operator read it. */
export const chargerView = z.object({
  _id: z.string(),
  chargePointId,
  name: z.string(),
  idTag: z.object({ barcode: z.string() }),
  chargePointSerialNumber: z.string().nullable(),
  chargePointVendor: z.string().nullable(),
  chargePointModel: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  online: z.boolean(),
  lastheartbeatat: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  post_code: z.string(),
  country: z.string(),
  lat: z.number(),
  lon: z.number(),
  home: z.boolean(),
  connectors: z.array(connectorView),
  tariff: tariffInput,
});
export type ChargerView = z.infer<typeof chargerView>;

/** The operator's answer to provisioning: a home charger's adoption code, shown only then. */
export const operatorChargerView = chargerView.extend({ adoptionCode: z.string().optional() });

export const getChargerByBarcodeRequest = z.object({
  barcode,
  permission_name: text(TEXT_LIMITS.code).trim().min(1).default('CHARGER_CHARGE_AT'),
});
