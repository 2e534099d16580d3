import { defineBrand } from '../brand-schema.ts';

/** EEA variant of Oasis EV: same brand name and defaults as the base variant, its own hosts and API. */
export const oasisEvEea = defineBrand({
  id: 'oasis-ev-eea',
  name: 'Oasis EV',
  icon: { shape: 'hexagon', background: '#7a5f00', foreground: '#ffffff', glyph: 'drop' },
  styles: {
    '--ion-color-primary': '#7a5f00',
    '--ion-color-secondary': '#2b2100',
    '--ion-color-tertiary': '#1565c0',
    '--ion-background-color': '#fbf8f0',
    '--ion-color-danger': '#c5000f',
  },
  api: {
    production: 'https://api.oasisev.example.com/api',
    development: 'https://api-dev.oasisev.example.com/api',
  },
  supportEmail: 'eu-support@oasisev.example.com',
  urlFragments: ['oasis-eea', 'oasiseu'],
  webDomain: 'eu.oasisev.example.com',
  knowledgeBaseUrl: 'https://help.oasisev.example.ae',
  paymentProviderKey: null,
  defaultCurrency: 'AED',
  defaultCountry: 'AE',
});
