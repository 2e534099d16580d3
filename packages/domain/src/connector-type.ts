/** The connector types a charger is provisioned with. The one list: the contract's enum wraps it. */
export const CONNECTOR_TYPES = ['Type 2', 'CCS', 'CHAdeMO', 'J1772'] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];
