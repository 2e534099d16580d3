import { evCharge } from './evcharge.ts';
import { voltway } from './voltway.ts';
import { greenMile } from './greenmile.ts';
import { amperia } from './amperia.ts';
import { chargeHaven } from './chargehaven.ts';
import { sparkRoute } from './sparkroute.ts';
import { plugPointNorth } from './plugpoint-north.ts';
import { gwefruCymru } from './gwefru-cymru.ts';
import { harbourCharge } from './harbour-charge.ts';
import { lumenDrive } from './lumen-drive.ts';
import { electraIberica } from './electra-iberica.ts';
import { rivieraEv } from './riviera-ev.ts';
import { oasisEv } from './oasis-ev.ts';
import { oasisEvEea } from './oasis-ev-eea.ts';
import { fleetVolt } from './fleetvolt.ts';
import type { BrandDefinition } from '../brand-schema.ts';

/** The fifteen configured brands (spec 001 §1). */
export const allBrands: readonly BrandDefinition[] = [
  evCharge,
  voltway,
  greenMile,
  amperia,
  chargeHaven,
  sparkRoute,
  plugPointNorth,
  gwefruCymru,
  harbourCharge,
  lumenDrive,
  electraIberica,
  rivieraEv,
  oasisEv,
  oasisEvEea,
  fleetVolt,
];
