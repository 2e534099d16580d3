import type { Feature } from '@evc/domain';

/** Which API a host's app talks to: the brand's production or development address. */
export type ApiTarget = 'production' | 'development';

/** spec 001 §1: a host name mapped to a brand title and its enabled or disabled features. */
export interface HostConfig {
  host: string;
  brandId: string;
  /** The brand title shown for this host. */
  title: string;
  api: ApiTarget;
  enabledFeatures: readonly Feature[];
  disabledFeatures: readonly Feature[];
}

export const HOST_CONFIG: readonly HostConfig[] = [
  {
    host: 'app.evcharge.example.com',
    brandId: 'evcharge',
    title: 'EV Charge',
    api: 'production',
    enabledFeatures: [],
    disabledFeatures: [],
  },
  {
    host: 'dev.evcharge.example.com',
    brandId: 'evcharge',
    title: 'EV Charge',
    api: 'development',
    enabledFeatures: ['HOME_CHARGING', 'CHARGER_FILTERS'],
    disabledFeatures: [],
  },
  {
    host: 'app.voltway.example.com',
    brandId: 'voltway',
    title: 'Voltway',
    api: 'production',
    enabledFeatures: ['HOME_CHARGING', 'HOW_TO_VIDEO', 'CHARGER_FILTERS', 'KNOWLEDGE_BASE'],
    disabledFeatures: [],
  },
  {
    host: 'dev.voltway.example.com',
    brandId: 'voltway',
    title: 'Voltway',
    api: 'development',
    enabledFeatures: ['HOME_CHARGING', 'HOW_TO_VIDEO', 'CHARGER_FILTERS', 'KNOWLEDGE_BASE'],
    disabledFeatures: [],
  },
  {
    host: 'drive.greenmile.example.com',
    brandId: 'greenmile',
    title: 'GreenMile Charging',
    api: 'production',
    enabledFeatures: ['KNOWLEDGE_BASE', 'CHARGER_FILTERS'],
    disabledFeatures: ['HOW_TO_VIDEO'],
  },
  {
    host: 'app.amperia.example.com',
    brandId: 'amperia',
    title: 'Amperia',
    api: 'production',
    enabledFeatures: ['HOME_CHARGING'],
    disabledFeatures: ['HOW_TO_VIDEO', 'KNOWLEDGE_BASE'],
  },
  {
    host: 'app.chargehaven.example.com',
    brandId: 'chargehaven',
    title: 'Charge Haven',
    api: 'production',
    enabledFeatures: ['HOME_CHARGING', 'NO_ENERGY_SUPPLIERS'],
    disabledFeatures: [],
  },
  {
    host: 'go.sparkroute.example.com',
    brandId: 'sparkroute',
    title: 'SparkRoute',
    api: 'production',
    enabledFeatures: ['CHARGER_FILTERS', 'KNOWLEDGE_BASE'],
    disabledFeatures: ['HOME_CHARGING'],
  },
  {
    host: 'app.plugpointnorth.example.com',
    brandId: 'plugpoint-north',
    title: 'PlugPoint North',
    api: 'production',
    enabledFeatures: ['CHARGER_FILTERS'],
    disabledFeatures: [],
  },
  {
    host: 'ap.gwefrucymru.example.com',
    brandId: 'gwefru-cymru',
    title: 'Gwefru Cymru',
    api: 'production',
    enabledFeatures: ['HOME_CHARGING'],
    disabledFeatures: [],
  },
  {
    host: 'app.harbourcharge.example.ie',
    brandId: 'harbour-charge',
    title: 'Harbour Charge',
    api: 'production',
    enabledFeatures: [],
    disabledFeatures: ['HOME_CHARGING'],
  },
  {
    host: 'app.lumendrive.example.fr',
    brandId: 'lumen-drive',
    title: 'Lumen Drive',
    api: 'production',
    enabledFeatures: ['KNOWLEDGE_BASE', 'HOME_CHARGING'],
    disabledFeatures: [],
  },
  {
    host: 'app.electraiberica.example.es',
    brandId: 'electra-iberica',
    title: 'Electra Ibérica',
    api: 'production',
    enabledFeatures: ['CHARGER_FILTERS'],
    disabledFeatures: [],
  },
  {
    host: 'app.rivieraev.example.it',
    brandId: 'riviera-ev',
    title: 'Riviera EV',
    api: 'production',
    enabledFeatures: [],
    disabledFeatures: [],
  },
  {
    host: 'app.oasisev.example.ae',
    brandId: 'oasis-ev',
    title: 'Oasis EV',
    api: 'production',
    enabledFeatures: ['HOW_TO_VIDEO', 'KNOWLEDGE_BASE', 'NO_ENERGY_SUPPLIERS'],
    disabledFeatures: ['HOME_CHARGING'],
  },
  {
    host: 'eu.oasisev.example.com',
    brandId: 'oasis-ev-eea',
    title: 'Oasis EV',
    api: 'production',
    enabledFeatures: ['KNOWLEDGE_BASE', 'NO_ENERGY_SUPPLIERS'],
    disabledFeatures: ['HOME_CHARGING', 'HOW_TO_VIDEO'],
  },
  {
    host: 'app.fleetvolt.example.com',
    brandId: 'fleetvolt',
    title: 'FleetVolt',
    api: 'production',
    enabledFeatures: ['CHARGER_FILTERS', 'HOME_CHARGING'],
    disabledFeatures: [],
  },
];
