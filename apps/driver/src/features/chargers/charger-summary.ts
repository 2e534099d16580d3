import { connectorStatusClass } from '@evc/domain';
import type { ChargerRowState } from './charger-directory.ts';

/** What a row and a map marker say of a charger at a glance (issue 19). */
export interface ChargerSummary {
  /** The fastest connector's maximum power, kW; null when the list does not say. */
  fastestKw: number | null;
  /** Connectors a driver can plug into now. */
  freeConnectors: number;
  /** Connectors listed (connector 0, the charger itself, is not one). */
  connectors: number;
}

export function chargerSummary(state: ChargerRowState): ChargerSummary {
  let fastestKw: number | null = null;
  let freeConnectors = 0;
  let connectors = 0;
  for (const [number, , status, kw] of state.connectors) {
    if (number === 0) continue;
    connectors += 1;
    if (connectorStatusClass(status, state.online) === 'available') freeConnectors += 1;
    if (kw !== undefined && (fastestKw === null || kw > fastestKw)) fastestKw = kw;
  }
  return { fastestKw, freeConnectors, connectors };
}

/**
 * What a charger's map marker says beside its dot: its fastest power, its price now (when it has
 * arrived) and how many of its connectors are free now, "22 kW · 45p/kWh · 1/2".
 */
export function markerLabel(
  summary: ChargerSummary,
  texts: { power: string | null; price: string | null },
): string {
  return [texts.power, texts.price, `${summary.freeConnectors}/${summary.connectors}`]
    .filter((part) => part !== null)
    .join(' · ');
}
