/** Subject on the bus for a change to a charger's live state, for the live views on every node. */
export const CHARGER_LIVE_SUBJECT = 'charger.live';

/** A charger's live state changed (connect, disconnect, StatusNotification): read it again. */
export interface ChargerChanged {
  chargerId: string;
}

/** Subject on the bus for a charger's new connection: its owner from now on (ADR 0031). */
export const CHARGER_OWNER_SUBJECT = 'charger.owner';

/** A charger connected to `node`; a node holding a connection of an older epoch lets it go. */
export interface ChargerOwnerChanged {
  chargerId: string;
  node: string;
  epoch: number;
}
