import { connectorStatusWording } from '@evc/domain';
import type { ChargerRowState, DirectoryConnector } from './charger-directory.ts';

/** Connectors a row shows as one entry: the same type, worded the same way. */
export interface ConnectorGroup {
  /** The first connector's number (the driver's own connector is always alone). */
  number: number;
  type: DirectoryConnector[1];
  status: DirectoryConnector[2];
  count: number;
}

/**
 * A row's connectors, those of one type and one wording together, so a charger with many
 * connectors keeps a short row (issue 19). The connector of the driver's ongoing session stays on
 * its own: it may be worded as its owner sees it. Connector 0, the charger itself, is left out
 * (spec 000 §3).
 */
export function connectorGroups(
  state: ChargerRowState,
  ownConnector: number | null,
): ConnectorGroup[] {
  const groups: ConnectorGroup[] = [];
  const byKey = new Map<string, ConnectorGroup>();
  for (const [number, type, status] of state.connectors) {
    if (number === 0) continue;
    if (number === ownConnector) {
      groups.push({ number, type, status, count: 1 });
      continue;
    }
    const wording = connectorStatusWording({
      status,
      chargerOnline: state.online,
      ownsTransaction: false,
    });
    const key = `${type}\u0000${wording}`;
    const group = byKey.get(key);
    if (group) {
      group.count += 1;
    } else {
      const created = { number, type, status, count: 1 };
      byKey.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}
