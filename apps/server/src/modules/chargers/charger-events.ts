/** Subject on the bus for a change to a charger's live state, for the live views on every node. */
export const CHARGER_LIVE_SUBJECT = 'charger.live';

/** A charger's live state changed (connect, disconnect, StatusNotification): read it again. */
export interface ChargerChanged {
  chargerId: string;
}
