import { z } from 'zod';
import { barcode } from './chargers.ts';
import { requestId } from './shared.ts';

/** GET /development/charger/preauth/{chargerid}: minor units; 0 for a free tariff (001 §5). */
export const preauthResponse = z.object({
  amount: z.number().int().min(0),
  currency: z.string().length(3),
});
export type PreauthResponse = z.infer<typeof preauthResponse>;

/** POST /checkMyTransactionData {chargerid, connectorid}: the caller's ongoing transaction. */
export const checkMyTransactionDataRequest = z.object({
  chargerid: requestId,
  connectorid: z.coerce.number().int().min(1),
});
export const myTransactionData = z
  .object({
    transactionId: z.number().int(),
    connectorid: z.number().int(),
    meterStartWh: z.number().int().nullable(),
    energyWh: z.number().int().min(0),
    startedAt: z.string().nullable(),
  })
  .nullable();
export type MyTransactionData = z.infer<typeof myTransactionData>;

/** POST /getUnauthorizedAuthsOnChargerByBarcode {barcode}: unknown tags shown at a charger. */
export const unauthorizedAuthsRequest = z.object({ barcode });
export const unauthorizedAuthsResponse = z.array(z.object({ idTag: z.string(), at: z.string() }));
export type UnauthorizedAuths = z.infer<typeof unauthorizedAuthsResponse>;

/**
 * GET /development/charger/capabilities/{chargerid}. Remote start, stop and unlock are OCPP 1.6
 * Core; smart charging and RFID come from what the charger reports (SupportedFeatureProfiles,
 * its authorisation keys) and are null when it could not be asked (offline or silent).
 */
export const chargerCapabilities = z.object({
  connectors: z.array(
    z.object({
      connectornumber: z.number().int(),
      type: z.string(),
      maxPowerKw: z.number(),
    }),
  ),
  remoteStart: z.boolean(),
  remoteStop: z.boolean(),
  unlock: z.boolean(),
  smartCharging: z.boolean().nullable(),
  rfid: z.boolean().nullable(),
  featureProfiles: z.array(z.string()).nullable(),
});
export type ChargerCapabilities = z.infer<typeof chargerCapabilities>;
