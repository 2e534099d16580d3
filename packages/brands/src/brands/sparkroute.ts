import { defineBrand } from '../brand-schema.ts';

export const sparkRoute = defineBrand({
  id: 'sparkroute',
  name: 'SparkRoute',
  icon: { shape: 'rounded-square', background: '#bf360c', foreground: '#ffffff', glyph: 'wave' },
  styles: {
    '--ion-color-primary': '#bf360c',
    '--ion-color-secondary': '#3e2723',
    '--ion-color-tertiary': '#ffab00',
    '--ion-background-color': '#fbf6f3',
    '--ion-color-danger': '#6d1b1b',
  },
  api: { production: 'https://api.sparkroute.example.com/api' },
  supportEmail: 'support@sparkroute.example.com',
  urlFragments: ['sparkroute'],
  webDomain: 'go.sparkroute.example.com',
  knowledgeBaseUrl: 'https://kb.sparkroute.example.com',
  paymentProviderKey: null,
  defaultCurrency: 'GBP',
  defaultCountry: 'GB',
});
