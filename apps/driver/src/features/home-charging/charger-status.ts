import type { HomeChargerView } from '@evc/contract';
import { homeChargerGroup, type GroupableCharger } from '@evc/domain';

/** The connectors a charge can be started on (connector 0 is the charger itself). */
export const chargeConnectors = (charger: HomeChargerView) =>
  charger.connectors.filter((connector) => connector.connectornumber !== 0);

/** What the list groups a home charger by: online, and its connectors' statuses. */
export const groupable = (charger: HomeChargerView): GroupableCharger => ({
  online: charger.online,
  connectorStatuses: chargeConnectors(charger).map((connector) => connector.currentStatus.status),
});

export const chargerGroup = (charger: HomeChargerView) => homeChargerGroup(groupable(charger));

/** Where each page of a home charger lives. */
export const homeChargingPaths = {
  list: '/home-charging',
  add: '/home-charging/add',
  charger: (id: string, tab?: string) =>
    `/home-charging/charger/${encodeURIComponent(id)}${tab ? `?tab=${tab}` : ''}`,
  tariffSetup: (id: string) => `/home-charging/charger/${encodeURIComponent(id)}/tariff`,
  settings: (id: string, tab?: string) =>
    `/home-charging/charger/${encodeURIComponent(id)}/settings${tab ? `?tab=${tab}` : ''}`,
  schedules: (id: string) => `/home-charging/charger/${encodeURIComponent(id)}/schedules`,
};
