import { defineBrand } from '../brand-schema.ts';

export const sparkRoute = defineBrand({
  id: 'sparkroute',
  name: 'SparkRoute',
  icon: { shape: 'circle', background: '#d84315', foreground: '#ffffff', glyph: 'wave' },
  styles: {
    '--ion-color-primary': '#d84315',
    '--ion-color-secondary': '#3e2723',
    '--ion-color-tertiary': '#ffab00',
    '--ion-background-color': '#fbf6f3',
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
