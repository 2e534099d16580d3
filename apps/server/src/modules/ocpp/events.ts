/** Subject on the bus for the commands a node holding a charger's socket is asked to send it. */
export const chargerCommandSubject = (chargerId: string) => `charger.command.${chargerId}`;

/** What a node holding a charger's socket is asked to send it. */
export interface ChargerCommandRequest {
  action: string;
  params: Record<string, unknown>;
  timeoutMs: number;
}
